"""The package, its entry points and the README's set-up commands."""
from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import bufviz
from conftest import run

ROOT = Path(__file__).parent.parent.parent


def test_python_dash_m_and_version():
    done = subprocess.run([sys.executable, "-m", "bufviz", "--help"], capture_output=True, text=True)
    assert done.returncode == 0 and "peak" in done.stdout
    done = subprocess.run([sys.executable, "-m", "bufviz", "--version"], capture_output=True, text=True)
    assert done.stdout.strip() == f"bufviz, version {bufviz.__version__}"


def test_the_process_entry_flushes_its_output_and_keeps_exit_codes():
    """`python -m bufviz` leaves the heap to the OS at exit (cli/app.run): what it printed to a
    pipe still arrives whole, and errors keep their exit code."""
    sample = sorted((ROOT / "samples").glob("*.txt"))[0]
    done = subprocess.run([sys.executable, "-m", "bufviz", "peak", str(sample), "--no-discover", "--format", "json"],
                          capture_output=True, text=True)
    assert done.returncode == 0 and json.loads(done.stdout)["recomputed"]["peak_bytes"] > 0
    done = subprocess.run([sys.executable, "-m", "bufviz", "peak", str(ROOT / "no-such-file.txt")],
                          capture_output=True, text=True)
    assert done.returncode == 2 and done.stderr.startswith("bufviz: error:") and "Traceback" not in done.stderr
    # a profiler waits for the exit: Python's own then, and its report still comes
    done = subprocess.run([sys.executable, "-m", "cProfile", "-m", "bufviz", "--version"],
                          capture_output=True, text=True)
    assert done.returncode == 0 and "function calls" in done.stdout


def test_peak_help_explains_the_inputs():
    code, out, _ = run("peak", "--help")
    assert code == 0
    for word in ("--format", "--top", "--no-discover", "--module", "--platform", "--output", "buffer-assignment"):
        assert word in out


def test_runtime_dependencies_are_exactly_the_agreed_ones():
    text = (ROOT / "pyproject.toml").read_text()
    deps = re.search(r"dependencies = \[(.*?)\]", text, re.S).group(1)
    assert sorted(re.findall(r'"([a-z]+)', deps)) == ["click", "networkx", "numpy", "rich"]
    test_extra = re.search(r"test = \[(.*?)\]", text, re.S).group(1)
    assert "pytest" in test_extra and "hypothesis" in test_extra


def test_readme_commands_use_bundled_files_and_ci_runs_the_test_command():
    readme = (ROOT / "README.md").read_text()
    quick = re.search(r"pip install \. && bufviz peak (\S+)", readme)
    assert quick and (ROOT / quick.group(1)).exists()
    marker = readme.index("<!-- test-command:")
    block = readme[marker:].split("```")[1]
    command = block.split("\n", 1)[1].strip()
    assert "pip install '.[test,jax]'" in command and command.endswith("python -m pytest")
    ci = (ROOT / ".ci/run").read_text()
    assert "<!-- test-command:" in ci and "pytest" not in ci  # the command comes from the README only


def _imports(package: Path) -> dict[str, set[str]]:
    """Each module of the package -> the package's modules it imports, anywhere in it: at the
    top, in a function, or for the type checker only (an import under TYPE_CHECKING still ties
    the two modules together)."""
    import ast

    def name_of(path: Path) -> str:
        parts = path.relative_to(package.parent).with_suffix("").parts
        return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)

    modules = {name_of(p): p for p in package.rglob("*.py")}
    edges: dict[str, set[str]] = {m: set() for m in modules}
    for module, path in modules.items():
        here = module if path.name == "__init__.py" else module.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom):
                base = here.split(".")[:len(here.split(".")) - node.level + 1] if node.level else []
                target = ".".join(base + ([node.module] if node.module else []))
                for alias in node.names:
                    found = f"{target}.{alias.name}" if f"{target}.{alias.name}" in modules else target
                    if found in modules and found != module:
                        edges[module].add(found)
            elif isinstance(node, ast.Import):
                edges[module].update(a.name for a in node.names if a.name in modules and a.name != module)
    return edges


def test_no_module_imports_one_that_imports_it_back():
    import networkx as nx
    graph = nx.DiGraph([(m, t) for m, targets in _imports(Path(bufviz.__file__).parent).items() for t in targets])
    circles = [sorted(c) for c in nx.strongly_connected_components(graph) if len(c) > 1]
    assert not circles, f"import circles: {circles}"
    assert graph.has_edge("bufviz.hlo.module", "bufviz.hlo.model")   # (the test reads the imports it should)
