from collections import Counter

from inkhorn.core.rng import StateRng, permute


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


def test_a_world_dealt_from_one_dealer_is_reproducible_and_each_order_equally_likely():
    items = list(range(30))
    a, b = items[:], items[:]
    permute(a, StateRng(9).dealer())
    permute(b, StateRng(9).dealer())
    assert a == b and sorted(a) == items and a != items
    # every order of three cards about equally often (6,000 deals: 1,000 expected each)
    counts = Counter()
    rng = StateRng(3)
    for _ in range(6000):
        cards = ["a", "b", "c"]
        permute(cards, rng.dealer())
        counts["".join(cards)] += 1
    assert len(counts) == 6 and all(880 <= n <= 1120 for n in counts.values()), counts


def test_a_dealer_is_one_draw_event():
    a = StateRng(5)
    a.dealer()
    assert a.counter == 1
