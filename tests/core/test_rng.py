from inkhorn.core.rng import StateRng


def test_same_seed_same_draws():
    a, b = StateRng(5), StateRng(5)
    assert [a.randrange(100) for _ in range(20)] == [b.randrange(100) for _ in range(20)]


def test_clone_continues_the_same_stream_independently():
    a = StateRng(5)
    a.random()
    b = a.clone()
    assert a.random() == b.random()
    a.random()
    assert a.counter == b.counter + 1


def test_reseed_changes_the_future():
    a, b = StateRng(5), StateRng(5)
    b.reseed(6)
    assert [a.random() for _ in range(3)] != [b.random() for _ in range(3)]


def test_shuffle_is_a_permutation():
    items = list(range(30))
    StateRng(1).shuffle(items)
    assert sorted(items) == list(range(30)) and items != list(range(30))
