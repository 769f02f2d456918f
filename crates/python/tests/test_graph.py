"""sudolink.graph: the typed candidate graph as `sudolink graph` counts it, as a networkx
MultiGraph with typed nodes and links, and as plain lists."""

import json
from collections import Counter

import pytest

import sudolink
from conftest import OCEAN1


def test_the_lists_count_what_the_command_line_counts(cli):
    nodes, edges = sudolink.graph(OCEAN1, as_networkx=False)
    summary = json.loads(cli("graph", OCEAN1, "--json"))
    assert dict(Counter(n["kind"] for n in nodes)) == {k: v for k, v in summary["nodes"].items() if v}
    assert dict(Counter(e["kind"] for e in edges)) == {k: v for k, v in summary["edges"].items() if v}
    after = sudolink.graph(OCEAN1, basic=True, as_networkx=False)
    basic = json.loads(cli("graph", OCEAN1, "--basic", "--json"))
    assert len(after[0]) == sum(basic["nodes"].values())


def test_nodes_and_links_are_typed():
    nodes, edges = sudolink.graph(sudolink.Grid(OCEAN1), as_networkx=False)
    kinds = {n["kind"] for n in nodes}
    assert {"candidate", "group", "als"} <= kinds
    by_id = {n["id"]: n for n in nodes}
    for e in edges:
        a, b = by_id[e["source"]], by_id[e["target"]]
        if e["kind"] in ("nrc_link", "conjugate"):
            assert a["kind"] == b["kind"] == "candidate"
        assert e["strong"] == (e["kind"] == "conjugate" or (e["kind"] == "group_link" and e["strong"]))
    candidate = next(n for n in nodes if n["kind"] == "candidate")
    assert candidate["candidates"] == [candidate["label"]]


def test_a_networkx_multigraph():
    networkx = pytest.importorskip("networkx")
    g = sudolink.graph(OCEAN1)
    assert isinstance(g, networkx.MultiGraph)
    nodes, edges = sudolink.graph(OCEAN1, as_networkx=False)
    assert g.number_of_nodes() == len(nodes) and g.number_of_edges() == len(edges)
    c = next(n["label"] for n in nodes if n["kind"] == "candidate")
    assert g.nodes[c]["kind"] == "candidate"
    links = {d["kind"] for _, _, d in g.edges(c, data=True)}
    assert "nrc_link" in links
    strong = [(a, b) for a, b, d in g.edges(data=True) if d["kind"] == "conjugate"]
    assert strong and all(g.nodes[a]["kind"] == "candidate" for a, _ in strong)
