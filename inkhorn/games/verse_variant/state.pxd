# Types for the compiled build of state.py (see setup.py); the source runs without them.
import cython


@cython.locals(pick=cython.Py_ssize_t, best=cython.Py_ssize_t, colours=cython.Py_ssize_t, c=cython.Py_ssize_t,
               d=cython.Py_ssize_t, k=cython.Py_ssize_t, shared=cython.bint)
cpdef Py_ssize_t _natural_spotlight(list tracks, Py_ssize_t old_guard, Py_ssize_t excluded) except? -2
