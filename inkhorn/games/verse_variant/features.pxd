# Types for the compiled build of features.py (see setup.py); the source runs without them.
import cython

from inkhorn.core.features cimport Numbers, clear, mark, mark_changed, number, put


@cython.locals(n=cython.Py_ssize_t, floats=cython.float[::1], at=cython.Py_ssize_t, k=cython.Py_ssize_t,
               s=cython.Py_ssize_t, echo=cython.Py_ssize_t, piles=dict)
cpdef write_seat(object f, object state, Py_ssize_t seat, Numbers out, dict seen)


@cython.locals(n=cython.Py_ssize_t, many=cython.Py_ssize_t, floats=cython.float[::1], at=cython.Py_ssize_t,
               r=cython.Py_ssize_t, s=cython.Py_ssize_t, j=cython.Py_ssize_t, columns=tuple,
               width=cython.Py_ssize_t)
cpdef _scholars(object f, object state, Py_ssize_t seat, dict seen, Numbers out)


@cython.locals(n=cython.Py_ssize_t, floats=cython.float[::1], at=cython.Py_ssize_t, who=cython.Py_ssize_t,
               k=cython.Py_ssize_t, s=cython.Py_ssize_t)
cpdef _header(object f, object state, Py_ssize_t seat, Py_ssize_t spot, Numbers out)


@cython.locals(floats=cython.float[::1], at=cython.Py_ssize_t, lengths=cython.Py_ssize_t, spaces=cython.Py_ssize_t,
               t=cython.Py_ssize_t, k=cython.Py_ssize_t, length=cython.Py_ssize_t)
cpdef _tracks(object f, object tracks, Numbers out)
