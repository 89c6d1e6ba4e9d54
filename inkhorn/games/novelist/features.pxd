# Types for the compiled build of features.py (see setup.py); the source runs without them.
import cython

from inkhorn.core.features cimport Numbers, mark_changed, number, remark


cpdef write_seat(object f, object state, Py_ssize_t seat, Numbers out, dict seen)


@cython.locals(n=cython.Py_ssize_t, many=cython.Py_ssize_t, floats=cython.float[::1], at=cython.Py_ssize_t,
               width=cython.Py_ssize_t, r=cython.Py_ssize_t, s=cython.Py_ssize_t, top_card=cython.Py_ssize_t,
               seat_cards=dict, mine=dict)
cpdef _write_table(object f, object state, Py_ssize_t seat, Numbers out, dict seen)


cpdef _write_decision(object f, object state, Py_ssize_t seat, Numbers out, dict seen)


@cython.locals(mine=dict, i=cython.Py_ssize_t)
cpdef _write_layout(object f, object state, Py_ssize_t seat, Numbers out, dict seen)


@cython.locals(r=cython.Py_ssize_t, kept=list)
cpdef _seat_piles(Py_ssize_t start, Py_ssize_t many, Py_ssize_t n, str part, object piles, Py_ssize_t seat,
                  Numbers out, dict seen)


@cython.locals(floats=cython.float[::1], ch=cython.Py_UCS4)
cpdef _count_letters(Numbers out, Py_ssize_t start, str word)
