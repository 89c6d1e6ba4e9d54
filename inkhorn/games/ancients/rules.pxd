# Types for the compiled build of rules.py (see setup.py); the source runs without them.
import cython

from inkhorn.games.ancients.state cimport passive_total


@cython.locals(spare=cython.Py_ssize_t, base=cython.Py_ssize_t, cd=cython.Py_ssize_t, md=cython.Py_ssize_t,
               pay=cython.Py_ssize_t, start=cython.Py_ssize_t, extra=cython.Py_ssize_t, far=cython.Py_ssize_t,
               col=cython.Py_ssize_t, x=cython.Py_ssize_t, bonus=cython.Py_ssize_t, acts=list, open_cols=list,
               tl=list, hand=list, cost=tuple, column=tuple, is_mon=tuple, locked=tuple, all_=tuple, passives=tuple)
cpdef list choose_action_legal(object state, Py_ssize_t seat)
