//! Names meet across orders, diacritics, scripts and typing errors.

use registry::names::{NameKeys, as_fide_id, distance, pinyin_name};

fn meet(a: &str, b: &str) -> Option<usize> {
    NameKeys::of(a).distance(&NameKeys::of(b))
}

#[test]
fn surname_first_with_a_comma_meets_first_name_first() {
    assert_eq!(meet("Carlsen, Magnus", "Magnus Carlsen"), Some(0));
    assert_eq!(meet("Carlsen, Magnus", "Carlsen Magnus"), Some(0));
    assert_eq!(
        meet("Vachier-Lagrave, Maxime", "Maxime Vachier-Lagrave"),
        Some(0)
    );
    assert_eq!(NameKeys::of("Carlsen, Magnus").primary(), "carlsenmagnus");
}

#[test]
fn diacritics_and_case_do_not_matter() {
    assert_eq!(meet("Müller, Jürgen", "MULLER, Jurgen"), Some(0));
    assert_eq!(meet("Øvergaard, Søren", "Overgaard Soren"), Some(0));
    assert_eq!(meet("Łukasz Dąbrowski", "Lukasz Dabrowski"), Some(0));
}

#[test]
fn pinyin_meets_chinese_characters_both_ways() {
    assert_eq!(meet("丁立人", "Ding Liren"), Some(0));
    assert_eq!(meet("Ding, Liren", "丁立人"), Some(0));
    assert_eq!(meet("Liren Ding", "丁立人"), Some(0));
    assert_eq!(meet("侯逸凡", "Hou Yifan"), Some(0));
    // A surname character read as a surname: 曾 is Zeng.
    assert_eq!(meet("曾国藩", "Zeng Guofan"), Some(0));
    // A compound surname stays whole.
    assert_eq!(meet("欧阳晓", "Xiao Ouyang"), Some(0));
    assert_eq!(pinyin_name("丁立人").as_deref(), Some("Ding Liren"));
    assert_eq!(pinyin_name("欧阳晓").as_deref(), Some("Ouyang Xiao"));
    assert_eq!(pinyin_name("Carlsen"), None);
}

#[test]
fn a_typing_error_is_forgiven_but_another_person_is_not_found() {
    assert_eq!(meet("Carlsen, Magnus", "Magnus Carslen"), Some(1));
    assert_eq!(meet("Nakamura, Hikaru", "Hikaru Nakamuraa"), Some(1));
    assert_eq!(meet("Wang, Hao", "Wang Yue"), None);
    assert_eq!(meet("Li, Chao", "Li Bo"), None);
    // Short names are taken exactly.
    assert_eq!(meet("Li", "Lu"), None);
}

#[test]
fn distance_counts_a_swap_of_neighbours_as_one() {
    assert_eq!(distance("carlsen", "carslen", 2), Some(1));
    assert_eq!(distance("abc", "abc", 0), Some(0));
    assert_eq!(distance("abcdef", "abcxyz", 2), None);
}

#[test]
fn a_query_of_digits_is_a_fide_id() {
    assert_eq!(as_fide_id(" 1503014 "), Some(1_503_014));
    assert_eq!(as_fide_id("Carlsen"), None);
    assert_eq!(as_fide_id(""), None);
}

#[test]
fn a_search_finds_a_name_by_its_surname_given_name_or_first_letters() {
    let carlsen = NameKeys::of("Carlsen, Magnus");
    let find = |q: &str| NameKeys::of(q).prefix_distance(&carlsen);
    assert_eq!(find("Carlsen"), Some(0));
    assert_eq!(find("Magnus"), Some(0));
    assert_eq!(find("Carl"), Some(0));
    assert_eq!(find("Carslen"), Some(1), "a typing error in a surname");
    assert_eq!(find("Ca"), None, "two letters find whole names only");
    assert_eq!(find("Nakamura"), None);
    // One character is a surname: 丁 finds the Dings.
    assert_eq!(
        NameKeys::of("丁").prefix_distance(&NameKeys::of("Ding, Liren")),
        Some(0)
    );
    assert_eq!(
        NameKeys::of("丁立").prefix_distance(&NameKeys::of("Ding, Liren")),
        Some(0)
    );
}
