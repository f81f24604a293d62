"""The docstrings that help() shows run as doctests, and the stubs name every public item."""

from __future__ import annotations

import ast
import doctest
import inspect
from pathlib import Path

import rfc3696
from rfc3696 import idna, punycode

MODULES = [rfc3696, idna, punycode]
PACKAGE = Path(__file__).resolve().parents[1] / "python" / "rfc3696"


def documented():
    """Every public object of the three modules, with its methods and properties."""
    seen = set()
    for module in MODULES:
        yield module.__name__, module
        for name in module.__all__:
            obj = getattr(module, name)
            if id(obj) in seen or inspect.ismodule(obj):
                continue
            seen.add(id(obj))
            yield f"{module.__name__}.{name}", obj
            if inspect.isclass(obj):
                for attr, member in vars(obj).items():
                    if not attr.startswith("_") and getattr(member, "__doc__", None):
                        yield f"{module.__name__}.{name}.{attr}", member


def test_docstring_examples_run():
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    examples = 0
    for name, obj in documented():
        doc = inspect.getdoc(obj)
        if not doc:
            continue
        test = parser.get_doctest(doc, {}, name, None, 0)
        examples += len(test.examples)
        runner.run(test)
    results = runner.summarize(verbose=False)
    assert results.failed == 0
    assert examples >= 40, examples


def test_every_public_item_has_a_docstring():
    missing = [name for name, obj in documented() if not inspect.getdoc(obj)]
    assert missing == []


def test_help_shows_the_signature_and_the_docs():
    assert "allow_smtputf8=True" in str(inspect.signature(rfc3696.validate_email))
    assert "uts46=False" in str(inspect.signature(idna.encode))
    assert "email-validator" in rfc3696.validate_email.__doc__


def stub_names(path: Path) -> set[str]:
    tree = ast.parse(path.read_text())
    names = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
        elif isinstance(node, ast.ImportFrom):
            names.update(alias.asname or alias.name for alias in node.names)
    return names


def test_stubs_cover_the_public_api():
    assert (PACKAGE / "py.typed").exists()
    for module, stub in [(rfc3696, "__init__.pyi"), (idna, "idna.pyi"), (punycode, "punycode.pyi")]:
        names = stub_names(PACKAGE / stub)
        assert set(module.__all__) <= names, set(module.__all__) - names
