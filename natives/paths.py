"""Path search on the static pathing grid (``natives.geometry.PathingMap``, 32-unit cells).

``find_path`` answers where a unit of a movement type walks from one point to another: a
list of waypoints (world units) and whether the goal itself is reached. It is the game's
contract as players see it: a unit goes around what blocks its movement type and, when the
goal cannot be reached (blocked, or enclosed), it walks to the nearest point it can reach
and stops there.

Method (project-authored): a straight line when every ``LINE_STEP`` sample along it is
passable; otherwise A* over the grid's cells, 8-connected (a diagonal step needs both
orthogonal neighbours passable, so paths never cut a blocked corner), with the octile
distance as heuristic, at most ``SEARCH_LIMIT`` cells expanded. Without a path to the goal
the search ends at the expanded cell nearest to it (of equally near cells, the one with
the shortest path). The cell path is then shortened by
keeping only the cells a straight line cannot skip (string pulling). Flying units and maps
without pathing data move in straight lines. Unit radii and other units are not part of the
search (units pass through each other in this model). Everything is deterministic: ties in
the open list break by insertion order.
"""
from __future__ import annotations

import heapq
import math

from natives.geometry import PATHING_CELL, PathingMap

LINE_STEP = 16.0
"""Sampling step of the straight-line test, world units (half a pathing cell)."""

SEARCH_LIMIT = 60_000
"""Most cells one search expands (about 245 x 245 cells of open ground: a long detour on a
large map), so one order costs a bounded time."""

_SQRT2 = math.sqrt(2.0)
_NEIGHBOURS = ((1, 0, 1.0), (-1, 0, 1.0), (0, 1, 1.0), (0, -1, 1.0),
               (1, 1, _SQRT2), (1, -1, _SQRT2), (-1, 1, _SQRT2), (-1, -1, _SQRT2))


def line_clear(pathing: PathingMap, x0: float, y0: float, x1: float, y1: float,
               move_type: str) -> bool:
    """Can a unit of ``move_type`` walk the segment (x0, y0)-(x1, y1) in a straight line?
    Samples every ``LINE_STEP`` world units after the start point."""
    dist = math.hypot(x1 - x0, y1 - y0)
    n = max(1, math.ceil(dist / LINE_STEP))
    for i in range(1, n + 1):
        t = i / n
        if not pathing.passable(x0 + (x1 - x0) * t, y0 + (y1 - y0) * t, move_type):
            return False
    return True


def find_path(pathing: PathingMap, x0: float, y0: float, x1: float, y1: float,
              move_type: str) -> tuple[list[tuple[float, float]], bool]:
    """Waypoints from (x0, y0) towards (x1, y1) for ``move_type`` (seed 003's movement types),
    and True when the last waypoint is the goal. An empty list: the unit cannot get any
    nearer than where it stands."""
    if move_type == "fly" or pathing.cells is None or line_clear(pathing, x0, y0, x1, y1,
                                                                 move_type):
        return [(x1, y1)], True
    cells, reached = _search(pathing, x0, y0, x1, y1, move_type)
    if not cells:
        return [], False
    points = [_center(pathing, c) for c in cells]
    if reached:
        points[-1] = (x1, y1)
    return _pull(pathing, (x0, y0), points, move_type), reached


def _center(pathing: PathingMap, cell: int) -> tuple[float, float]:
    cy, cx = divmod(cell, pathing.width)
    return (pathing.min_x + (cx + 0.5) * PATHING_CELL, pathing.min_y + (cy + 0.5) * PATHING_CELL)


def _search(pathing: PathingMap, x0: float, y0: float, x1: float, y1: float,
            move_type: str) -> tuple[list[int], bool]:
    """A* from the start cell; the cells after the start up to the goal cell (or up to the
    expanded cell nearest the goal), and whether the goal cell was reached."""
    w, h = pathing.width, pathing.height
    sx, sy = pathing.cell_of(x0, y0)
    gx, gy = pathing.cell_of(x1, y1)
    sx, sy = min(max(sx, 0), w - 1), min(max(sy, 0), h - 1)
    start, goal = sy * w + sx, gy * w + gx
    min_x, min_y = pathing.min_x, pathing.min_y
    passable = pathing.passable
    known: dict[int, bool] = {}

    def free(cx: int, cy: int) -> bool:
        if not (0 <= cx < w and 0 <= cy < h):
            return False
        key = cy * w + cx
        v = known.get(key)
        if v is None:
            v = known[key] = passable(min_x + (cx + 0.5) * PATHING_CELL,
                                      min_y + (cy + 0.5) * PATHING_CELL, move_type)
        return v

    def heuristic(cx: int, cy: int) -> float:
        dx, dy = abs(cx - gx), abs(cy - gy)
        return max(dx, dy) + (_SQRT2 - 1.0) * min(dx, dy)

    came: dict[int, int] = {start: -1}
    cost: dict[int, float] = {start: 0.0}
    best, best_key = start, (heuristic(sx, sy), 0.0)
    seq = 0
    open_: list[tuple[float, int, int]] = [(best_key[0], seq, start)]
    closed: set[int] = set()
    while open_ and len(closed) < SEARCH_LIMIT:
        _, _, cur = heapq.heappop(open_)
        if cur in closed:
            continue
        closed.add(cur)
        cy, cx = divmod(cur, w)
        key = (heuristic(cx, cy), cost[cur])
        if key < best_key:
            best, best_key = cur, key
        if cur == goal:
            break
        g = cost[cur]
        for dx, dy, step in _NEIGHBOURS:
            nx, ny = cx + dx, cy + dy
            if not free(nx, ny):
                continue
            if dx and dy and not (free(cx + dx, cy) and free(cx, cy + dy)):
                continue
            nxt = ny * w + nx
            ng = g + step
            if ng < cost.get(nxt, math.inf):
                cost[nxt] = ng
                came[nxt] = cur
                seq += 1
                heapq.heappush(open_, (ng + heuristic(nx, ny), seq, nxt))
    end = goal if goal in closed else best
    cells = []
    while end != start and end != -1:
        cells.append(end)
        end = came[end]
    cells.reverse()
    return cells, goal in closed


def _pull(pathing: PathingMap, start: tuple[float, float], points: list[tuple[float, float]],
          move_type: str) -> list[tuple[float, float]]:
    """Greedy string pulling: from each kept point, the farthest next waypoint a straight
    line reaches."""
    out: list[tuple[float, float]] = []
    anchor = start
    i = 0
    while i < len(points):
        j = i
        while j + 1 < len(points) and line_clear(pathing, anchor[0], anchor[1],
                                                 points[j + 1][0], points[j + 1][1], move_type):
            j += 1
        out.append(points[j])
        anchor = points[j]
        i = j + 1
    return out
