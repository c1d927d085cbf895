"""CanShareOperandBufferWithUser: may `user` write its output into the buffer of `operand`
(docs/rules.md §2.4)? Buffer assignment and the heap simulator both ask it when a value ends
exactly where a user of it starts."""
from __future__ import annotations

from ...hlo.model import Instruction
from ...hlo.module import Module
from ...hlo.opcodes import is_elementwise
from .aliasing import InPlacePairs
from .dataflow import Dataflow
from .gpu_sharing import fusion_can_share

GPU_GEMMS = ("__cublas$gemm", "__cublas$lt$matmul")
GPU_CHOLESKY = "__cusolver$cholesky"


class CanShare:
    def __init__(self, module: Module, dataflow: Dataflow, pairs: InPlacePairs, target,
                 bodies_known: bool = True):
        self.module = module
        # A dump quotes fusion instructions but not their bodies: a loop fusion is then taken to
        # be elementwise (the common case, and what seed 001 needs).
        self.bodies_known = bodies_known
        self.dataflow = dataflow
        self.pairs = pairs
        self.target = target   # engine.target.Target
        self._cache: dict = {}

    def __call__(self, operand: Instruction, operand_index: tuple, user: Instruction, user_index: tuple) -> bool:
        key = (operand, operand_index, user, user_index)
        found = self._cache.get(key)
        if found is None:
            found = self._cache[key] = self._decide(operand, operand_index, user, user_index)
        return found

    def _decide(self, operand, operand_index, user, user_index) -> bool:
        if operand.opcode == "constant":
            return False
        try:
            operand_shape = operand.shape.subshape(operand_index)
            user_shape = user.shape.subshape(user_index)
        except KeyError:
            return False
        same = operand_shape.text == user_shape.text
        if same and self._must_alias(operand, operand_index, user, user_index):
            return True
        hint = self._backend_hint(operand, operand_index, user, user_index)
        if hint is not None:
            return hint
        if not same:
            return False
        op = user.opcode
        k = user.operands.index(operand)  # XLA looks at the first slot holding the operand
        if op == "fusion":
            kind = user.attr("kind")
            body = user.called_body()
            if body is None:
                return kind == "kLoop" and not self.bodies_known
            param = body.parameter(k)
            if kind in ("kLoop", "kInput"):
                return param is not None and self._uses_elementwise_or_tuple(param)
            if kind == "kOutput" and body.root.opcode == "add":
                return self._output_fusion_add(body, param)
        if op in ("while", "conditional"):
            return True
        if op in ("dynamic-update-slice", "scatter", "triangular-solve", "set-dimension-size"):
            slots = [i for i, o in enumerate(user.operands) if o is operand]
            return slots == [1 if op == "triangular-solve" else 0]
        if op == "sort":
            if len(operand.users) != 1:
                return False
            if len(user.operands) == 1:
                return True
            slots = [i for i, o in enumerate(user.operands) if o is operand]
            return len(slots) == 1 and bool(user_index) and user_index[0] == slots[0]
        if op == "call":
            return self._call_shares(operand, operand_index, user)
        return self.elementwise_on_operand(user, k)

    def _must_alias(self, operand, operand_index, user, user_index) -> bool:
        """An in-place pair of `user` at user_index reads this very operand value."""
        values = self.dataflow.values_at(operand, operand_index)
        if not values:
            return False
        uses = set(values[0].uses)
        return any(out == user_index and (user, number, index) in uses
                   for (number, index), out in self.pairs(user))

    def _backend_hint(self, operand, operand_index, user, user_index) -> bool | None:
        op = user.opcode
        if op in ("all-reduce", "all-reduce-start") and (self.target.gpu_sharing_hints or self.target.pads_tiles):
            # NCCL and libtpu reduce in place: one operand, or operand i into output {i}.
            if len(user.operands) == 1:
                return True
            return user_index == (user.operands.index(operand),)
        if not self.target.gpu_sharing_hints:
            return None  # only XLA:GPU answers for the other ops itself
        if op == "custom-call" and user.custom_call_target in GPU_GEMMS:
            if len(user.operands) > 2 and user.operands[2] is operand:
                config = user.backend_config
                beta = config.get("beta", 0) if isinstance(config, dict) else 0
                return bool(beta) and len(operand.users) == 1 and user_index in ((), (0,))
        if op == "custom-call" and user.custom_call_target == GPU_CHOLESKY:
            return user_index == (0,)  # the factor is written over the matrix
        if op == "fusion" and self.target.gpu_fusion_hint:
            body = user.called_body()
            if body is not None:
                return fusion_can_share(user, operand, user_index, body, self.elementwise_on_operand)
        return None

    def _output_fusion_add(self, body, param) -> bool:
        """Output fusion rooted at add(dot|conv, X): may share only through X."""
        add = body.root
        matched = next((o for o in add.operands if o.opcode in ("convolution", "dot")), None)
        if matched is None or param is None:
            return False
        other = 1 if matched is add.operands[0] else 0
        users = [(u, i) for u in param.users for i, o in enumerate(u.operands) if o is param]
        return len(users) == 1 and users[0] == (add, other)

    def _call_shares(self, operand, operand_index, user) -> bool:
        values = self.dataflow.values_at(operand, operand_index)
        if not values:
            return False
        uses = values[0].uses
        comp = user.called_body(("to_apply", "calls"))
        if comp is None:
            return False
        root = comp.root
        return (len(uses) == 2 and any(u is user for u, _, _ in uses)
                and any(u is root and self.elementwise_on_operand(root, k) for u, k, _ in uses))

    def elementwise_on_operand(self, instr: Instruction, k: int) -> bool:
        """IsElementwiseOnOperand(k)."""
        op = instr.opcode
        if op == "dynamic-update-slice":
            return k == 0
        if op == "fusion":
            body = instr.called_body()
            param = body.parameter(k) if body is not None else None
            return param is not None and self._fusion_elementwise_from(param)
        return is_elementwise(instr)

    def _fusion_elementwise_from(self, param: Instruction) -> bool:
        """Breadth-first from a fused parameter: every user met is elementwise, or elementwise
        on the operand it reads (the rest of the body does not matter)."""
        seen = {param}
        queue = [param]
        while queue:
            current = queue.pop(0)
            for user in current.users:
                if user in seen:
                    continue
                slots = [i for i, o in enumerate(user.operands) if o is current]
                if is_elementwise(user) or all(self.elementwise_on_operand(user, i) for i in slots):
                    seen.add(user)
                    queue.append(user)
                else:
                    return False
        return True


    def _uses_elementwise_or_tuple(self, param: Instruction) -> bool:
        """AreTransitiveUsesElementwiseOrTuple: every use reached from the fused parameter is
        elementwise on what it reads, or a tuple."""
        seen = set()
        stack = [param]
        while stack:
            current = stack.pop()
            seen.add(current)
            for user in current.users:
                slots = [i for i, o in enumerate(user.operands) if o is current]
                if user.opcode != "tuple" and not all(self.elementwise_on_operand(user, i) for i in slots):
                    return False
                if user not in seen:
                    stack.append(user)
        return True
