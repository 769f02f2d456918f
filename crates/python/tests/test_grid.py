"""sudolink.Grid: every format the command line reads, their errors, the texts written
back, candidates, solutions and the picture."""

import pickle

import pytest

import sudolink
from conftest import OCEAN1


def test_an_81_character_line_reads_with_its_name_and_solution():
    g = sudolink.Grid(OCEAN1 + "  ocean-1")
    assert g.line == OCEAN1
    assert g.name == "ocean-1"
    assert g.solutions == 1
    assert len(g.solution) == 81 and "0" not in g.solution
    assert all(g.solution[i] == OCEAN1[i] for i in range(81) if OCEAN1[i] != ".")
    assert g.values[4] == 1 and g.values[0] == 0
    assert not g.is_solved


def test_every_format_reads_back_the_same_state():
    g = sudolink.Grid(OCEAN1)
    for fmt in ["line", "lines", "hodoku"]:
        again = sudolink.Grid(g.text(fmt))
        assert again == g and hash(again) == hash(g), fmt
    # the pencil marks do not tell givens from other placed digits: the same digits and
    # candidates
    for fmt in ["marks", "sukaku", "grid"]:
        again = sudolink.Grid(g.text(fmt))
        assert (again.values, again.candidates()) == (g.values, g.candidates()), fmt
    assert len(g.text("marks")) == 729
    assert g.text("hodoku").startswith(":0000:x:")
    assert g.text("lines").count("\n") == 9
    assert "+" in g.text("grid") and "|" in g.text("grid")
    assert str(g) == g.text("grid")


def test_a_state_with_eliminations_keeps_them():
    g = sudolink.Grid(OCEAN1)
    state = sudolink.solve(g, "basic").end
    assert state != g
    assert len(state.candidates()) < len(g.candidates())
    assert sudolink.Grid(state.text("hodoku")) == state
    for fmt in ["marks", "grid"]:
        again = sudolink.Grid(state.text(fmt))
        assert (again.values, again.candidates()) == (state.values, state.candidates()), fmt
    assert repr(state).startswith("Grid(':0000:x:")
    assert eval(repr(state), {"Grid": sudolink.Grid}) == state
    assert pickle.loads(pickle.dumps(state)) == state
    assert pickle.loads(pickle.dumps(g)).line == g.line


def test_candidates_of_a_cell():
    g = sudolink.Grid(OCEAN1)
    r1c1 = g.candidates("r1c1")
    assert r1c1 and all(c.endswith("r1c1") and c.startswith("n") for c in r1c1)
    assert g.candidates("r1c5") == []  # a given
    with pytest.raises(ValueError, match="bad cell"):
        g.candidates("x9")


def test_a_file_of_one_grid(tmp_path):
    f = tmp_path / "one.txt"
    f.write_text(sudolink.Grid(OCEAN1).text("grid"))
    assert sudolink.Grid.from_file(f).line == OCEAN1
    two = tmp_path / "two.txt"
    two.write_text(OCEAN1 + "\n" + OCEAN1 + "\n")
    with pytest.raises(ValueError, match="holds 2 puzzles"):
        sudolink.Grid.from_file(two)
    with pytest.raises(FileNotFoundError):
        sudolink.Grid.from_file(tmp_path / "none.txt")


@pytest.mark.parametrize(
    "text, message",
    [
        (OCEAN1[:40] + "x" + OCEAN1[41:], r"line 1, column 41: bad character 'x'"),
        (OCEAN1[:80], r"81 cells, found 80"),
        ("", r"empty input"),
        ("11" + OCEAN1[2:], r"contradict"),
        ("." * 81, r"several solutions"),
        (":0000:x:" + OCEAN1 + ":9x9::", r"HoDoKu line, field 4 \(deleted candidates\): bad candidate"),
        (":0000:x:....1...2::", r"HoDoKu line, field 3 \(grid\): needs 81 cells"),
        ("1" * 729, r"(digit|position|contradict)"),
    ],
)
def test_bad_input_is_a_value_error_naming_what_and_where(text, message):
    with pytest.raises(ValueError, match=message):
        sudolink.Grid(text)


def test_several_solutions_are_allowed_when_asked():
    g = sudolink.Grid("." * 81, allow_nonunique=True)
    assert g.solutions == 2 and g.solution is None
    with pytest.raises(ValueError, match="no solution"):
        sudolink.Grid("12345678." + "........9" + "." * 63, allow_nonunique=True)


def test_the_picture():
    g = sudolink.Grid(OCEAN1)
    svg = g.svg()
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")
    assert g._repr_svg_() == svg
    assert 'width="300"' in g.svg(width=300)
    with pytest.raises(ValueError, match="outside 200 to 4000"):
        g.svg(width=10)


def test_unknown_format():
    with pytest.raises(ValueError, match="unknown grid format"):
        sudolink.Grid(OCEAN1).text("png")
