# Types for the compiled build of state.py (see setup.py); the source runs without them.
import cython


@cython.locals(total=cython.Py_ssize_t, base=cython.Py_ssize_t, i=cython.Py_ssize_t, x=cython.Py_ssize_t,
               v=cython.Py_ssize_t)
cpdef Py_ssize_t passive_total(tuple passives, list timeline, object artifacts, Py_ssize_t seat, object key) except? -1
