"""`bufviz check --format junit`: one test case per program and metric, for CI test reports."""
from __future__ import annotations

from xml.etree import ElementTree as ET

from ..units import human_bytes
from .check import limit_text
from .escape import xml_text


def render_check_junit(result: dict) -> str:
    cases = result["results"]
    doubted = sum(1 for r in cases if r["ok"] and (r.get("doubt") or r.get("not_compared")))
    suite = ET.Element("testsuite", name="bufviz check", tests=str(len(cases) + len(result["errors"])),
                       failures=str(result["failed"]), errors=str(len(result["errors"]) + doubted), skipped="0")
    for r in cases:
        # One case per program and metric, named as every format names it (a program's name may hold
        # dots, which JUnit readers take for packages in a class name: the program goes in the name)
        case = ET.SubElement(suite, "testcase", classname="bufviz.check",
                             name=xml_text(f"{r['program']} · {r['metric']}"))
        ET.SubElement(case, "system-out").text = \
            xml_text(f"{r['what']} {human_bytes(r['bytes'])} ({r['bytes']} B); {limit_text(r)}; {r['path']}")
        if not r["ok"]:
            failure = ET.SubElement(case, "failure", message=xml_text("; ".join(r["violations"])), type="MemoryLimit")
            failure.text = xml_text("\n".join(f"{c['what']} {human_bytes(c['bytes'])}"
                                              + (f" at {c['source']}" if c["source"] else "") for c in r["culprits"]))
        elif r.get("doubt"):   # (not a verdict: the numbers are not XLA's)
            ET.SubElement(case, "error", message=xml_text(r["doubt"]), type="NotTrusted")
        elif r.get("not_compared"):   # (nor against another program's baseline)
            ET.SubElement(case, "error", message=xml_text(r["not_compared"]), type="NotCompared")
    for e in result["errors"]:
        case = ET.SubElement(suite, "testcase", classname="bufviz", name=xml_text(e["path"] or "input"))
        ET.SubElement(case, "error", message=xml_text(e["error"]), type="UnreadableModule")
    root = ET.Element("testsuites", name="bufviz", tests=suite.attrib["tests"], failures=suite.attrib["failures"],
                      errors=suite.attrib["errors"])
    root.append(suite)
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"
