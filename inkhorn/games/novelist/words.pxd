# Types for the compiled build of words.py (see setup.py); the source runs without them.
import cython


cdef unsigned long long _TWELVE_LETTERS, _FIBONACCI


cdef class SignatureIndex:
    cdef readonly tuple sigs, words
    cdef readonly unsigned int[::1] letters
    cdef readonly int key_bits, short_bits
    cdef readonly unsigned long long[::1] key_codes, short_codes
    cdef readonly int[::1] key_ids, short_entries, short_start, short_ids

    cpdef int signature(self, unsigned long long code)

    cpdef int grown(self, unsigned long long code)


@cython.locals(mask=cython.Py_ssize_t, slot=cython.Py_ssize_t, found=cython.ulonglong)
cdef int _look_up(unsigned long long[::1] codes, int[::1] values, int bits, unsigned long long code)


@cython.locals(code=cython.ulonglong, ch=cython.Py_UCS4)
cpdef unsigned long long letter_code(str sig)


@cython.locals(bits=cython.uint, ch=cython.Py_UCS4)
cdef unsigned int _letter_bits(str sig)


@cython.locals(sid=cython.Py_ssize_t, n=cython.Py_ssize_t, i=cython.Py_ssize_t, low_bits=cython.int,
               code=cython.ulonglong, short=cython.ulonglong, letter=cython.uint, prev=cython.uint,
               one=cython.ulonglong)
cdef dict _one_letter_short(list codes, list lengths)


cdef unsigned long long _grown(unsigned long long code, unsigned int letter)


cdef Py_ssize_t _slot(unsigned long long code, int shift, Py_ssize_t mask)


@cython.locals(bits=cython.int, mask=cython.Py_ssize_t, slot=cython.Py_ssize_t, position=cython.Py_ssize_t,
               code=cython.ulonglong, slots=cython.ulonglong[::1], where=cython.int[::1])
cdef tuple _table(list codes)


cdef class _Ranking:
    cdef readonly SignatureIndex index
    cdef readonly tuple table
    cdef readonly signed char[::1] letter
    cdef dict values, gains, shapes
    cdef int[::1] counts, order, ties, found_ids, found_order, found_set
    cdef double[::1] vals, ests, found_ests, tops
    cdef unsigned long long[::1] codes
    cdef Py_ssize_t n_found, n_tops
    cdef bint ranking

    cdef void _subsets_room(self, Py_ssize_t n) except *

    @cython.locals(i=cython.Py_ssize_t, ids=cython.int[::1], ests=cython.double[::1])
    cdef void _found_room(self, Py_ssize_t n) except *

    @cython.locals(room=cython.int[::1], mask=cython.Py_ssize_t, slot=cython.Py_ssize_t, there=cython.int)
    cdef bint _put(self, int sid)

    @cython.locals(n=cython.Py_ssize_t)
    cdef bint _found(self, int sid, double v) except -1

    @cython.locals(index=SignatureIndex, letters=cython.uint[::1], short_ids=cython.int[::1], at=cython.Py_ssize_t,
                   sid=cython.int)
    cdef void _found_grown(self, Py_ssize_t entry, double v, unsigned int req_bit) except *

    @cython.locals(room=cython.int[::1], mask=cython.Py_ssize_t, slot=cython.Py_ssize_t, i=cython.Py_ssize_t,
                   sid=cython.int)
    cdef void _forget_found(self)

    @cython.locals(tops=cython.double[::1], have=cython.Py_ssize_t, j=cython.Py_ssize_t)
    cdef double _entered(self, double v, Py_ssize_t n, Py_ssize_t n_top, double kth)

    cdef object _card_values(self, double cw)

    cdef tuple _award_gain(self, object sp, Py_ssize_t lo_len, Py_ssize_t hi_len, Py_ssize_t f,
                           Py_ssize_t wild_cap, Py_ssize_t most)

    cdef tuple _subsets(self, tuple shape)

    @cython.locals(est=cython.double, v=cython.double, kth=cython.double, max_bonus=cython.double,
                   p=cython.double, k=cython.Py_ssize_t, f=cython.Py_ssize_t, wild_cap=cython.Py_ssize_t,
                   lo_len=cython.Py_ssize_t, hi_len=cython.Py_ssize_t, most=cython.Py_ssize_t,
                   base_budget=cython.Py_ssize_t, wb=cython.Py_ssize_t, w=cython.Py_ssize_t,
                   L=cython.Py_ssize_t, size=cython.Py_ssize_t, pos=cython.Py_ssize_t, i=cython.Py_ssize_t,
                   j=cython.Py_ssize_t, mu=cython.Py_ssize_t, hc=cython.Py_ssize_t, cl=cython.Py_ssize_t,
                   s=cython.Py_ssize_t, at=cython.Py_ssize_t, n=cython.Py_ssize_t, total=cython.Py_ssize_t,
                   entry=cython.Py_ssize_t, sid=cython.int, cid=cython.Py_ssize_t, ch=cython.Py_ssize_t,
                   first=cython.Py_ssize_t, last=cython.Py_ssize_t, filled=cython.Py_ssize_t,
                   kept=cython.Py_ssize_t, classics_at=cython.Py_ssize_t, up_at=cython.Py_ssize_t,
                   start_at=cython.Py_ssize_t, taken_at=cython.Py_ssize_t, x=cython.uint, letter=cython.uint,
                   low_bits=cython.int, req_bit=cython.uint, code=cython.ulonglong, one=cython.ulonglong,
                   full=cython.bint, one_wild=cython.bint, multi=cython.bint,
                   ests=cython.double[::1], codes=cython.ulonglong[::1], vals=cython.double[::1],
                   cv=cython.double[::1], letter_of=cython.schar[::1], counts=cython.int[::1],
                   award_gain=cython.double[::1], reach=cython.double[::1], free=cython.int[::1],
                   sizes=cython.int[::1], order=cython.int[::1], found_order=cython.int[::1],
                   index=SignatureIndex, hand=tuple, own=tuple, lent=tuple, must_up=tuple, shape=list,
                   best=list)
    cpdef list rank(self, object sp, Py_ssize_t top)


cdef Py_ssize_t _spread(Py_ssize_t sid)


@cython.locals(ranking=_Ranking)
cpdef list ranked_ids(object finder, object sp, object top=*)


@cython.locals(i=cython.Py_ssize_t, j=cython.Py_ssize_t, k=cython.Py_ssize_t, lo=cython.Py_ssize_t,
               mid=cython.Py_ssize_t, hi=cython.Py_ssize_t, width=cython.Py_ssize_t, src=cython.Py_ssize_t,
               dst=cython.Py_ssize_t, v=cython.double, t=cython.int, a=cython.int, b=cython.int)
cdef void _best_first(double[::1] keys, int[::1] ties, int[::1] both, Py_ssize_t n)


cdef class _Faces:
    cdef readonly tuple table
    cdef readonly signed char[::1] letter, uncovers
    cdef readonly int[::1] value, face


@cython.locals(found=_Faces)
cdef _Faces _faces(tuple table)


cdef class _Search:
    cdef _Faces faces
    cdef object table, sp, genre_in_play
    cdef readonly tuple best
    cdef str word
    cdef Py_ssize_t n, must_need, must_used, forced, extra, max_wilds, n_worth
    cdef bint any_uncover
    cdef double best_value
    cdef int[::1] remaining, start, taken, card, kind, must, used, letters, chosen, slot_of_hand, worth

    @cython.locals(i=cython.Py_ssize_t, k=cython.Py_ssize_t, s=cython.Py_ssize_t, ch=cython.int, cid=cython.int,
                   in_hand=cython.bint, must=cython.bint, start=cython.int[::1], taken=cython.int[::1],
                   hand=tuple, must_up=tuple, lent=tuple, word=str, m=cython.Py_ssize_t, n=cython.Py_ssize_t,
                   h=cython.Py_ssize_t, faces=_Faces, letter_of=cython.schar[::1], uncovers=cython.schar[::1],
                   face_of=cython.int[::1])
    cdef void _group(self, int[::1] block, tuple up_cards)

    @cython.locals(i=cython.Py_ssize_t, first=cython.Py_ssize_t, cards=cython.Py_ssize_t, j=cython.Py_ssize_t,
                   s=cython.Py_ssize_t, ch=cython.int, start=cython.int[::1], kind=cython.int[::1],
                   letters=cython.int[::1], chosen=cython.int[::1], used=cython.int[::1], nth=cython.int[::1])
    cdef bint lone(self)

    @cython.locals(i=cython.Py_ssize_t, s=cython.Py_ssize_t)
    cdef void start_over(self)

    @cython.locals(ch=cython.int, first=cython.Py_ssize_t, last=cython.Py_ssize_t, s=cython.Py_ssize_t,
                   t=cython.Py_ssize_t, cands=cython.Py_ssize_t, left=cython.int, tried=cython.bint,
                   took_extra=cython.bint, used=cython.int[::1], kind=cython.int[::1], chosen=cython.int[::1],
                   v=cython.double)
    cdef int place(self, Py_ssize_t i) except -1

    @cython.locals(n=cython.Py_ssize_t, w=cython.Py_ssize_t, i=cython.Py_ssize_t, k=cython.Py_ssize_t,
                   j=cython.Py_ssize_t, c=cython.int, chosen=cython.int[::1], card=cython.int[::1],
                   face=cython.int[::1], uncovers=cython.schar[::1], cards=list, picked=list, wild=list, order=list)
    cdef tuple laid(self)

    @cython.locals(n=cython.Py_ssize_t, k=cython.Py_ssize_t, j=cython.Py_ssize_t, s=cython.int, v=cython.int,
                   face=cython.int[::1], hand=tuple, must_up=tuple)
    cdef void _by_worth(self)

    cdef tuple scored(self, tuple laid)


cpdef best_layout(object table, object sp, str word, dict genre_in_play, bint scored=*)


@cython.locals(search=_Search)
cdef tuple _best_laid(object table, object sp, str word, dict genre_in_play, bint scored)


@cython.locals(search=_Search)
cpdef searched_layout(object table, object sp, str word, dict genre_in_play)
