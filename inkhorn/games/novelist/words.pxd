# Types for the compiled build of words.py (see setup.py); the source runs without them.
import cython


@cython.locals(est=cython.double, v=cython.double, kth=cython.double, max_bonus=cython.double,
               k=cython.Py_ssize_t, f=cython.Py_ssize_t, wild_cap=cython.Py_ssize_t, lo_len=cython.Py_ssize_t,
               hi_len=cython.Py_ssize_t, most=cython.Py_ssize_t, base_budget=cython.Py_ssize_t,
               wb=cython.Py_ssize_t, w=cython.Py_ssize_t, L=cython.Py_ssize_t, n_top=cython.Py_ssize_t,
               size=cython.Py_ssize_t, pos=cython.Py_ssize_t, i=cython.Py_ssize_t, mu=cython.Py_ssize_t,
               hc=cython.Py_ssize_t, cl=cython.Py_ssize_t, full=cython.bint,
               one_wild=cython.bint, multi=cython.bint, x=cython.Py_UCS4, key=str,
               ests=list, keys=list, tops=list, order=list, free=list, sizes=list, award_gain=list, reach=list,
               letters=list, found=dict, by_key=dict, del1=dict, vals=dict)
cpdef list ranked_signatures(object finder, object sp, object top=*)


@cython.locals(at=cython.Py_ssize_t)
cpdef double _entered(list tops, double v, Py_ssize_t n, Py_ssize_t n_top, double kth)
