"""backdoors: what cracks a puzzle, as `sudolink backdoors` computes it (Berthier's
definitions), on the "Anti-backdoors" thread's puzzle [Berthier anti-backdoors]: its 13
published W1-anti-backdoors and its one BRT-anti-backdoor, its backdoor size, its one-step
solutions as checked proofs, and bad options as ValueError."""

import json

import pytest

import sudolink

#: The "Anti-backdoors" thread's puzzle (forum, 5 February 2021).
THREAD = "..9......8....97...7..6..5..5..4..6.9....38....2.......6..5.17.2....84......1...."

PUBLISHED_W1 = (
    "n8r1c8 n8r3c4 n8r4c3 n9r4c4 n8r6c5 n9r6c8 n8r7c9 n9r7c9 n1r8c2 n9r8c2 n9r8c5 n3r8c8 n8r9c2"
)


def test_the_thread_s_anti_backdoors_are_the_published_ones():
    b = sudolink.backdoors(THREAD, anti=True)
    assert b.theory == "W1" and b.cut is None
    assert " ".join(b.anti_backdoors) == PUBLISHED_W1
    assert b.backdoors is None and b.one_steps is None
    assert sudolink.backdoors(THREAD, anti=True, theory="BRT").anti_backdoors == ["n1r8c2"]


def test_the_backdoor_size_equals_the_command_line_s(cli):
    b = sudolink.backdoors(sudolink.Grid(THREAD))
    ours = json.loads(cli("backdoors", THREAD, "--json"))
    assert b.size == "1" and b.backdoors == ours["backdoors"]["items"]
    assert len(b.witness) == 1 and b.witness[0] in b.backdoors
    assert repr(b).startswith("Backdoors(theory=W1, size=1")


def test_one_step_solutions_are_checked_proofs_of_their_anti_backdoors():
    b = sudolink.backdoors(THREAD, one_step=True)
    assert len(b.one_steps) == 11
    cand, proof = b.one_steps[0]
    assert cand == "n9r4c4" and proof.technique == "whip" and proof.length == 3
    assert proof.text == "whip[3]: r4n8{c4 c3} - r7n8{c3 c9} - r7n9{c9 .} ==> r4c4 <> 9"
    for cand, proof in b.one_steps:
        assert proof.check() is True
        digit, cell = cand[1], cand[2:]
        assert f"{cell} <> {digit}" in proof.text
        # the anti-backdoor is false in the solution
        r, c = int(cell[1]), int(cell[3])
        assert proof.grid.solution[9 * (r - 1) + c - 1] != digit
    assert {c for c, _ in b.one_steps} < set(PUBLISHED_W1.split())


def test_bad_options_raise_value_error_naming_them():
    with pytest.raises(ValueError, match="theory"):
        sudolink.backdoors(THREAD, theory="W9")
    with pytest.raises(ValueError, match="max_size: 9 is not within 1 to 8"):
        sudolink.backdoors(THREAD, max_size=9)
    with pytest.raises(ValueError, match="rules"):
        sudolink.backdoors(THREAD, one_step=True, rules="no-such-rule")
