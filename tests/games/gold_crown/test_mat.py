"""The mat as data (DECISIONS.md §1.3, §1.5, §1.8)."""

from collections import Counter

from regalia.games.gold_crown.mat import (
    BOX,
    CHAMBER,
    CHAMBERS,
    DECK,
    FIELD,
    GATE,
    MAT,
    SEPARATOR,
    TOWER,
    TOWER_GUARD,
    WALL,
    coords,
    read_mat,
    to_frame,
    to_world,
)

from .position import sq


def test_mat_counts_match_section_1_3():
    kinds = Counter(MAT.kind)
    masonry = len(MAT.masonry)
    assert masonry == 117 and kinds[SEPARATOR] == 16 and kinds[FIELD] == 308
    assert kinds[DECK] == 32 and kinds[WALL] == 16 and kinds[GATE] == 4
    assert kinds[TOWER] + kinds[TOWER_GUARD] == 16
    assert len(MAT.throne) == 9 and len(MAT.chamber_boxes) == 8


def test_rows_are_lines_through_the_numbered_boxes_with_widths_4_9_13_15_17_19():
    for face in range(4):
        widths = Counter(MAT.row[b] for b in range(441) if MAT.face[b] == face)
        assert [widths[k] for k in range(1, 7)] == [4, 9, 13, 15, 17, 19]
        one, two, three, four = MAT.numbered[face]
        assert MAT.kind[one] == GATE and [MAT.row[b] for b in (two, three, four)] == [2, 3, 4]


def test_faces_are_the_south_face_rotated():
    for face in range(4):
        for box in range(441):
            x, y = coords(box)
            assert to_world(face, *to_frame(face, x, y)) == (x, y)
    assert [sq(b) for b in MAT.shield] == ["k1", "u11", "k21", "a11"]
    assert len(MAT.dash) == 128 and all(len(r) == 8 for r in MAT.retreat)


def test_chamber_map_and_guard_boxes():
    assert sorted(sq(b) for b in MAT.chamber_boxes[CHAMBERS.index("S")]) == ["j8", "j9", "k8", "k9", "l8", "l9"]
    assert all(MAT.chamber[g] >= 0 for g in MAT.chamber_guards)
    assert MAT.kind[BOX["k11"]] == "crown" and MAT.kind[BOX["k9"]] == "chamber guard"
    assert MAT.kind[BOX["m9"]] == "chamber guard" and MAT.chamber[BOX["m9"]] == CHAMBERS.index("SE")
    assert CHAMBER == "chamber"


def test_scaling_boxes_and_stone_line():
    assert sorted(sq(b) for b in MAT.scale_deck[0]) == ["h6", "i6", "m6", "n6"]
    assert sorted(sq(b) for b in MAT.scale_wall[0]) == ["g5", "j5", "l5", "o5"]
    stone, front = MAT.stone[0][6]
    assert (sq(stone), sq(front)) == ("q5", "q4") and MAT.kind[stone] == TOWER_GUARD
    assert (sq(MAT.stone[1][-6][0]), sq(MAT.stone[1][-6][1])) == ("q5", "r5")


def test_a_better_reading_of_the_mat_drops_in_as_data():
    from regalia.games.gold_crown.mat import CHAMBER_MAP, DRAWING

    again = read_mat(DRAWING, CHAMBER_MAP)
    assert again == MAT


def test_the_mat_is_one_face_turned_four_times():
    for box in range(441):
        x, y = coords(box)
        for face in range(4):
            tx, ty = to_world(face, x, y)
            other = (10 - ty) * 21 + (tx + 10)
            assert MAT.kind[other] == MAT.kind[box]
            assert MAT.chamber[other] >= 0 if MAT.chamber[box] >= 0 else MAT.chamber[other] == -1
