# Types for the compiled build of features.py (see setup.py); the source runs without them.
import cython

from inkhorn.core.features cimport Numbers, mark_changed, put, remark


@cython.locals(floats=cython.float[::1], many=cython.Py_ssize_t, n=cython.Py_ssize_t, r=cython.Py_ssize_t,
               s=cython.Py_ssize_t, k=cython.Py_ssize_t, at=cython.Py_ssize_t, kept=list, mine=list)
cpdef write_seat(object f, object state, Py_ssize_t seat, Numbers out, dict seen)
