"""PhiGraph: removes redundant SSA phis after dataflow propagation (docs/rules.md §2.2).

A phi whose inputs (self-references dropped) are one value becomes that value; a closure of
phis that together reach exactly one non-phi value becomes that value."""
from __future__ import annotations

from collections import deque


class _Node:
    __slots__ = ("value_id", "is_phi", "operands", "users", "dead", "value_ids")

    def __init__(self, value_id: int):
        self.value_id = value_id
        self.is_phi = False
        self.operands: list[_Node] = []
        self.users: list[_Node] = []
        self.dead = False
        self.value_ids = [value_id]


class PhiGraph:
    def __init__(self):
        self._nodes: list[_Node] = []           # creation order: the optimisation visits it
        self._by_value: dict[int, _Node] = {}

    def _node(self, value_id: int) -> _Node:
        node = self._by_value.get(value_id)
        if node is None:
            node = self._by_value[value_id] = _Node(value_id)
            self._nodes.append(node)
        return node

    def register(self, phi_id: int, input_ids: list[int]) -> None:
        node = self._node(phi_id)
        node.is_phi = True
        node.operands = [self._node(i) for i in input_ids]

    @property
    def registered(self) -> bool:
        return bool(self._nodes)

    def inputs_equal(self, phi_id: int, input_ids: list[int]) -> bool:
        return {n.value_id for n in self._by_value[phi_id].operands} == set(input_ids)

    def replaced(self) -> dict[int, int]:
        """After optimize(): each phi that became another value -> that value's id."""
        return {node.value_id: self._by_value[node.value_id].value_id for node in self._nodes
                if node.is_phi and self._by_value[node.value_id] is not node}

    def _replace(self, node: _Node, replacement: _Node) -> None:
        if node.dead:
            return
        while replacement.dead:
            replacement = self._by_value[replacement.value_id]
        for user in node.users:
            user.operands = [replacement if o is node else o for o in user.operands]
        for operand in node.operands:
            operand.users = [replacement if u is node else u for u in operand.users]
        for value_id in node.value_ids:
            self._by_value[value_id] = replacement
        replacement.value_ids.extend(node.value_ids)
        node.value_ids = []
        node.dead = True

    def optimize(self) -> None:
        for node in self._nodes:
            for operand in node.operands:
                operand.users.append(node)
        changed = True
        while changed:
            changed = False
            checked: set[_Node] = set()
            for node in self._nodes:
                if not node.is_phi or node.dead:
                    continue
                node.operands = [o for o in node.operands if o is not node]
                node.users = [u for u in node.users if u is not node]
                if not node.operands:
                    continue
                first = node.operands[0]
                if all(o is first for o in node.operands):
                    self._replace(node, first)
                    changed = True
                    continue
                if node in checked:
                    continue
                closure, single = self._closure(node, checked)
                if single is not None:
                    for member in closure:
                        if member.is_phi:
                            self._replace(member, single)
                            changed = True

    @staticmethod
    def _closure(start: _Node, checked: set):
        """Breadth-first over inputs; the one non-phi node reached, if there is exactly one."""
        seen = set()
        queue = deque([start])
        single = None
        while queue:
            node = queue.popleft()
            if node in seen:
                continue
            checked.add(node)
            seen.add(node)
            queue.extend(node.operands)
            if not node.is_phi:
                if single is not None and single is not node:
                    return seen, None
                single = node
        return seen, single
