# Types for the compiled build of features.py (see setup.py); the source runs without them.
import cython

from inkhorn.core.features cimport Numbers, mark_changed, number, remark, zeros


@cython.locals(n=cython.Py_ssize_t, floats=cython.float[::1], at=cython.Py_ssize_t, kept=list, r=cython.Py_ssize_t,
               s=cython.Py_ssize_t, everyone=cython.bint)
cpdef write_seat(object f, object state, Py_ssize_t seat, Numbers out, dict seen)


@cython.locals(squares=cython.Py_ssize_t, texts=cython.Py_ssize_t, floats=cython.float[::1], scored=cython.bint,
               at=cython.Py_ssize_t, base=cython.Py_ssize_t, k=cython.Py_ssize_t, piles=dict, card=cython.Py_ssize_t,
               cells=bytes, before=bytes, shaded=cython.Py_ssize_t, decorated=cython.Py_ssize_t, cell=cython.uchar,
               deco=cython.int)
cpdef bint _scribe(object f, object state, Py_ssize_t s, Py_ssize_t r, list mine, Numbers out)
