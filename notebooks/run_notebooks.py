"""Execute the notebooks of this folder headlessly against one database.

    python notebooks/run_notebooks.py STUDIES_DB OUT_DIR [NOTEBOOK.ipynb ...]

Without NOTEBOOK names, every notebook of the folder runs.

Each notebook runs with SUDOLINK_DB=STUDIES_DB (and SUDOLINK_QUERIES pointing at the
repository's queries/); the executed copy goes to OUT_DIR. A cell that raises stops the run
with a non-zero exit status naming the notebook and the cell.
"""
import os
import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError


def main() -> int:
    if len(sys.argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    db, out_dir = Path(sys.argv[1]).resolve(), Path(sys.argv[2])
    if not db.is_file():
        print(f"no database at {db}", file=sys.stderr)
        return 2
    here = Path(__file__).resolve().parent
    os.environ["SUDOLINK_DB"] = str(db)
    os.environ["SUDOLINK_QUERIES"] = str(here.parent / "queries")
    out_dir.mkdir(parents=True, exist_ok=True)
    notebooks = [here / name for name in sys.argv[3:]] or sorted(here.glob("*.ipynb"))
    for path in notebooks:
        if not path.is_file():
            print(f"no notebook {path}", file=sys.stderr)
            return 2
    if not notebooks:
        print(f"no notebook in {here}", file=sys.stderr)
        return 2
    for path in notebooks:
        nb = nbformat.read(path, as_version=4)
        client = NotebookClient(nb, timeout=300, kernel_name="python3",
                                resources={"metadata": {"path": str(here)}})
        try:
            client.execute()
        except CellExecutionError as e:
            print(f"{path.name}: a cell failed:\n{e}", file=sys.stderr)
            return 1
        nbformat.write(nb, out_dir / path.name)
        images = sum(1 for c in nb.cells for o in c.get("outputs", [])
                     if "image/png" in o.get("data", {}))
        # the package's grids and proofs, shown as their SVG pictures
        pictures = sum(1 for c in nb.cells for o in c.get("outputs", [])
                       if "<svg" in str(o.get("data", {}).get("text/html", ""))
                       or "image/svg+xml" in o.get("data", {}))
        print(f"{path.name}: executed, {len(nb.cells)} cells, {images} figure(s), "
              f"{pictures} picture(s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
