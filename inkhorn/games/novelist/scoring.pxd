# Types for the compiled build of scoring.py (see setup.py); the source runs without them.
import cython


@cython.locals(best_len=cython.Py_ssize_t, best=cython.Py_ssize_t, alen=cython.Py_ssize_t, prest=cython.Py_ssize_t)
cpdef tuple award_for(object sp, Py_ssize_t length)


@cython.locals(n=cython.Py_ssize_t, i=cython.Py_ssize_t, j=cython.Py_ssize_t, k=cython.Py_ssize_t,
               req_pos=cython.Py_ssize_t, best_j=cython.Py_ssize_t, best_v=cython.Py_ssize_t, v=cython.Py_ssize_t,
               coins=cython.Py_ssize_t, prestige=cython.Py_ssize_t, m=cython.Py_ssize_t, others=cython.Py_ssize_t,
               hits=cython.Py_ssize_t, kind=str, alen=cython.Py_ssize_t, award=cython.Py_ssize_t, cw=cython.double,
               worth=cython.double, value=cython.double, hand=tuple, must_wild=tuple, own_classics=tuple,
               gives=list, count=dict, active=list, mult=list, uncovered=set, choices=list, word=str)
cpdef score_word(tuple cards_table, object sp, str word, tuple cards, tuple wild, dict genre_in_play)
