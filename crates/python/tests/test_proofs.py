"""solve and explain: the path of checked steps (as `sudolink solve --json` gives it), the
explanation's simplest proof and the others with check(), their texts and pictures, the
bounds' cuts, and the engine's failures as Python exceptions."""

import json

import pytest

import sudolink
from conftest import LOKI, OCEAN1


def test_a_path_of_checked_steps_equals_the_command_line_s(cli):
    path = sudolink.solve(OCEAN1, "N", max_len=10)
    ours = json.loads(cli("solve", OCEAN1, "--rules", "N", "--max-len", "10", "--json"))
    assert path.solved == ours["solved"] is True
    assert [p.text for p in path.steps] == [s["text"] for s in ours["steps"]]
    assert [p.eliminations for p in path.steps] == [s["eliminations"] for s in ours["steps"]]
    assert path.end.text("line") == ours["final_state"]["grid"]


def test_each_step_holds_on_its_state_and_leads_to_the_next():
    path = sudolink.solve(sudolink.Grid(OCEAN1), "N")
    assert path.solved and len(path) == len(path.steps) > 20
    steps = path.steps
    for before, after in zip(steps, steps[1:]):
        assert before.check() is True
        assert before.after == after.grid
    assert steps[-1].after == path.end and path.end.is_solved
    assert path.end.text("line") == path.grid.solution
    assert {s.technique for s in steps} >= {"hidden-single", "naked-single"}
    records = path.records()
    assert records[0]["step"] == 1 and records[0]["text"] == steps[0].text
    assert "NOT SOLVED" not in str(path) and str(path).endswith("SOLVED")


def test_a_proof_does_not_hold_on_another_state():
    path = sudolink.solve(OCEAN1, "N")
    late = next(p for p in path.steps if p.eliminations and p.family != "singles")
    # once applied, its eliminations are no longer candidates
    with pytest.raises(ValueError, match="does not hold"):
        late.check(late.after)


def test_a_path_frame_needs_pandas():
    pandas = pytest.importorskip("pandas")
    frame = sudolink.solve(OCEAN1, "N").frame()
    assert isinstance(frame, pandas.DataFrame)
    assert list(frame.columns[:3]) == ["step", "technique", "rule"]


def test_a_cut_path_says_where_the_bound_stopped_it():
    # one partial whip of budget: the first whip search is cut
    path = sudolink.solve(OCEAN1, "W", max_len=20, budget=1)
    assert not path.solved
    assert path.cut is not None and "budget" in path.cut and "whip" in path.cut


def test_an_explanation_the_simplest_proof_and_the_others(cli):
    state = sudolink.solve(OCEAN1, "basic").end
    e = sudolink.explain(state, "r8c8<>6", timeout=0)
    assert e.target == "r8c8<>6"
    best = e.simplest
    assert best is not None and best.check() is True
    assert "r8c8<>6" in best.eliminations
    assert e.proofs[0].text == best.text
    assert len(e.proofs) > 5
    for p in e.proofs:
        assert p.check() is True and "r8c8<>6" in p.eliminations
        assert p.found_by
    texts = best.texts()
    assert next(iter(texts.values())) == best.text
    assert "SudoRules" in texts
    rows = e.records()
    assert {r["status"] for r in rows} <= {"proof", "none", "only_eliminates", "not_searched"}
    # the same simplest proof as `sudolink explain --json` on the same state
    ours = json.loads(cli("explain", state.text("hodoku"), "--target", "r8c8<>6", "--timeout", "0",
                          "--json"))
    assert ours["simplest"]["text"] == best.text
    assert ours["simplest"]["length"] == best.length


def test_a_placement_and_its_errors():
    g = sudolink.Grid(OCEAN1)
    cell, digit = next((f"r{i // 9 + 1}c{i % 9 + 1}", g.solution[i]) for i in range(81)
                       if g.line[i] == ".")
    e = sudolink.explain(g, f"{cell}={digit}", rules="basic,whip", timeout=0)
    assert e.simplest is not None and e.simplest.check()
    assert f"{cell}={digit}" in e.simplest.placements or e.simplest.eliminations
    wrong = next(c[1] for c in g.candidates(cell) if c[1] != digit)
    with pytest.raises(ValueError, match="cannot hold: the solution of"):
        sudolink.explain(g, f"{cell}={wrong}")
    missing = next(d for d in "123456789" if f"n{d}{cell}" not in g.candidates(cell))
    with pytest.raises(ValueError, match="is not a candidate"):
        sudolink.explain(g, f"{cell}<>{missing}")
    with pytest.raises(ValueError, match="already holds 1"):
        sudolink.explain(g, "r1c5<>3")
    with pytest.raises(ValueError, match="malformed target"):
        sudolink.explain(g, "r10c1<>3")
    with pytest.raises(ValueError, match="rules: unknown technique"):
        sudolink.explain(g, f"{cell}={digit}", rules="no-such")


def test_pictures_and_texts_for_jupyter():
    state = sudolink.solve(OCEAN1, "basic").end
    p = sudolink.explain(state, "r8c8<>6", rules="nrc").simplest
    svg = p.svg()
    assert svg.startswith("<svg") and "</svg>" in svg
    assert p._repr_svg_() == svg
    html = p._repr_html_()
    assert svg in html and "r8c8" in html
    assert "digraph" in p.dot() or "graph" in p.dot()
    d = p.to_dict()
    assert d["rule"] == p.rule and d["text"] == p.text and "proof" in d
    e = sudolink.explain(state, "r8c8<>6", rules="nrc,whip")
    assert "Why r8c8&lt;&gt;6?" in e._repr_html_()


def test_bad_rules_and_lengths():
    with pytest.raises(ValueError, match="--rules|rules"):
        sudolink.solve(OCEAN1, "no-such-rule")
    with pytest.raises(ValueError, match="max_len"):
        sudolink.solve(OCEAN1, "W", max_len=0)
    with pytest.raises(ValueError, match="order"):
        sudolink.solve(OCEAN1, "whip", order="random")
    with pytest.raises(ValueError, match="expected a sudolink.Grid"):
        sudolink.solve(42)


def test_an_engine_panic_is_an_exception_not_a_crash():
    with pytest.raises(sudolink.EngineError, match="the engine panicked: boom"):
        sudolink._sudolink._engine_panic_for_test("boom")
    assert issubclass(sudolink.EngineError, RuntimeError)
    # the interpreter goes on
    assert sudolink.solve(OCEAN1, "N").solved


def test_with_no_rules_the_path_climbs_the_ladder_as_the_command_line_s(cli):
    # Loki (mith's): N's lasso takes r7c9<>3, then N, W and B are stuck; Trid-OR5W opens it
    path = sudolink.solve(LOKI)
    ours = json.loads(cli("solve", LOKI, "--json"))
    assert path.solved is True
    assert [p.text for p in path.steps] == [s["text"] for s in ours["steps"]]
    assert path.escalations[0] == "N (lengths up to 20) stops after step 5; escalating to W"
    assert path.escalations[-1].endswith("escalating to Trid-OR5W")
    assert len(path.escalations) == len(ours["escalations"]) == 3
    assert all(p.check() for p in path.steps)
    assert "-- N (lengths up to 20) stops after step 5; escalating to W" in str(path)
    # named rules do not climb
    assert sudolink.solve(LOKI, "N").escalations == []
    assert not sudolink.solve(LOKI, "N").solved
