"""What a command was asked to read, in one object: the paths given, whether a file brings the
other files of its dump, which module of a folder, the platform, and whether files that look
like different modules may be used together; and the device to check against, when asked.
Its folder listing is made once per command."""
from __future__ import annotations

from dataclasses import dataclass, field, replace

from typing import TYPE_CHECKING

from .dumps.discover import FolderListing

if TYPE_CHECKING:
    from .device.fit import Device


@dataclass(frozen=True)
class Request:
    paths: tuple[str, ...]
    discover: bool = True           # a file brings its siblings of the same dump set
    module: str | None = None       # --module: a number or a name
    platform: str | None = None     # None: detected
    match: bool = False             # files of different modules used together anyway
    device: Device | None = None    # --device-memory: will it fit, and the allocator's peak
    as_text: bool = False           # the module's text came from compiled.as_text(), not a dump
    optimized: bool = True          # a module named before XLA's optimizations brings its optimized stage
    listing: FolderListing = field(default_factory=FolderListing, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "paths", tuple(self.paths))

    def with_paths(self, paths) -> "Request":
        """The same request for other paths (its folders still listed once)."""
        return replace(self, paths=tuple(paths))

    def with_device(self, device: Device | None) -> "Request":
        return replace(self, device=device)
