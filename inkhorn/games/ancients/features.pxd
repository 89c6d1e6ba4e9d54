# Types for the compiled build of features.py (see setup.py); the source runs without them.
import cython

from inkhorn.core.features cimport Numbers, clear, mark_changed, remark


@cython.locals(n=cython.Py_ssize_t, many=cython.Py_ssize_t, floats=cython.float[::1], at=cython.Py_ssize_t,
               k=cython.Py_ssize_t, r=cython.Py_ssize_t, s=cython.Py_ssize_t, placing=cython.Py_ssize_t,
               numbers=tuple, kept=list, mine=list, turned_again=cython.bint, count_scale=cython.double,
               empty=cython.Py_ssize_t)
cpdef write_seat(object f, object state, Py_ssize_t seat, Numbers out, dict seen)


@cython.locals(n=cython.Py_ssize_t, floats=cython.float[::1])
cpdef _header(object f, object state, Py_ssize_t seat, Numbers out)


@cython.locals(n=cython.Py_ssize_t, many=cython.Py_ssize_t, floats=cython.float[::1], place=cython.Py_ssize_t,
               knowledge=cython.Py_ssize_t, where=list, r=cython.Py_ssize_t, base=cython.Py_ssize_t,
               p=cython.Py_ssize_t, x=cython.Py_ssize_t, count_scale=cython.double,
               positions=cython.Py_ssize_t, columns=cython.Py_ssize_t, empty=cython.Py_ssize_t)
cpdef _timelines(object f, object timeline, object tokens, Py_ssize_t seat, Numbers out, dict seen)
