//! The rating-list readers on FIDE's layouts and a national CSV, read
//! whole and in every chunking; errors name their line and column.

use proptest::prelude::*;
use registry::csv::{CsvMapping, CsvReader, Field};
use registry::fide_txt::TxtReader;
use registry::fide_xml::XmlReader;
use registry::sample::{FIDE_TXT_HEADER, fide_txt_line, sample};
use registry::{ListEntry, ListError, RatingCell, RatingKind};

fn read_txt(bytes: &[u8], single: RatingKind) -> Result<Vec<ListEntry>, ListError> {
    let mut reader = TxtReader::new(single);
    let mut out = Vec::new();
    for line in bytes.split(|&b| b == b'\n') {
        if let Some(e) = reader.push_line(line)? {
            out.push(e);
        }
    }
    Ok(out)
}

fn read_xml(bytes: &[u8], chunk: usize) -> Result<Vec<ListEntry>, ListError> {
    let mut reader = XmlReader::new(RatingKind::Standard);
    let mut out = Vec::new();
    for part in bytes.chunks(chunk.max(1)) {
        reader.push(part, &mut out)?;
    }
    reader.finish()?;
    Ok(out)
}

fn cell(rating: u16, games: u16, k: u8) -> Option<RatingCell> {
    Some(RatingCell {
        rating,
        games,
        k: Some(k),
    })
}

#[test]
fn fides_combined_txt_list_reads_every_column_from_its_header() {
    let list = read_txt(
        include_bytes!("data/players_list_foa.txt"),
        RatingKind::Standard,
    )
    .unwrap();
    assert_eq!(list.len(), 6);
    let carlsen = &list[0];
    assert_eq!(carlsen.fide_id, Some(1_503_014));
    assert_eq!(carlsen.name, "Carlsen, Magnus");
    assert_eq!(carlsen.federation.as_deref(), Some("NOR"));
    assert_eq!(carlsen.sex, Some('m'));
    assert_eq!(carlsen.title.as_deref(), Some("GM"));
    assert_eq!(carlsen.standard, cell(2831, 0, 10));
    assert_eq!(carlsen.rapid, cell(2823, 0, 20));
    assert_eq!(carlsen.blitz, cell(2887, 0, 20));
    assert_eq!(carlsen.birth_year, Some(1990));
    assert!(!carlsen.inactive);
    // A GM who is also WGM carries the higher title; "wi" is inactive.
    let hou = &list[2];
    assert_eq!(
        (hou.title.as_deref(), hou.sex, hou.inactive),
        (Some("GM"), Some('w'), true)
    );
    // The file is Latin-1, as FIDE's is.
    assert_eq!(list[4].name, "Müller, Jürgen");
    assert_eq!(list[4].other_titles.as_deref(), Some("IA,FA"));
    assert_eq!((list[4].rapid, list[4].inactive), (None, true));
    // No rating at all, no year of birth.
    assert_eq!((list[5].standard, list[5].birth_year), (None, None));
}

#[test]
fn a_single_month_list_carries_the_rating_the_importer_names() {
    let text = "ID Number      Name                                                         Fed Sex Tit  WTit OTit           FOA DEC26 Gms  K  B-day Flag\n\
                1503014        Carlsen, Magnus                                              NOR M   GM                           2890  3    20 1990\n";
    let list = read_txt(text.as_bytes(), RatingKind::Rapid).unwrap();
    assert_eq!(list[0].rapid, cell(2890, 3, 20));
    assert_eq!(list[0].standard, None);
}

#[test]
fn a_wrong_value_is_refused_with_its_line_and_column() {
    let mut text = String::from(FIDE_TXT_HEADER);
    text.push('\n');
    let mut player = sample(1, 1).next().unwrap();
    player.name = "Smith, Anna".into();
    player.standard = cell(2100, 3, 20);
    let mut good = fide_txt_line(&player);
    text.push_str(&good);
    text.push('\n');
    let at = FIDE_TXT_HEADER.find("SRtng").unwrap();
    good.replace_range(at..at + 4, "28x1");
    text.push_str(&good);
    let err = read_txt(text.as_bytes(), RatingKind::Standard).unwrap_err();
    assert_eq!((err.line, err.column.as_deref()), (3, Some("SRtng")));
    assert!(err.to_string().contains("'28x1' is not a number"), "{err}");
}

#[test]
fn a_file_that_is_no_fide_list_says_so() {
    let err = read_txt(b"name;rating\nx;1\n", RatingKind::Standard).unwrap_err();
    assert_eq!(err.line, 1);
    assert!(err.message.contains("name;rating"), "{err}");
    let err = read_txt(b"Name  Fed SRtng\nx  NOR 1\n", RatingKind::Standard).unwrap_err();
    assert!(err.message.contains("no 'ID Number' column"), "{err}");
}

#[test]
fn fides_xml_list_reads_players_entities_and_empty_elements() {
    let list = read_xml(include_bytes!("data/players_list_foa.xml"), 1 << 16).unwrap();
    assert_eq!(list.len(), 3);
    assert_eq!(list[0].standard, cell(2831, 0, 10));
    assert_eq!(list[0].blitz, cell(2887, 0, 20));
    assert_eq!(
        (list[1].title.as_deref(), list[1].inactive),
        (Some("GM"), true)
    );
    assert_eq!(list[2].name, "O'Brien & Sons, Seán");
    // A rating of 0 is no rating.
    assert_eq!((list[2].standard, list[2].rapid), (None, cell(1540, 6, 40)));
    assert_eq!(list[2].other_titles.as_deref(), Some("IA"));
}

#[test]
fn an_xml_list_cut_short_is_refused() {
    let xml = include_bytes!("data/players_list_foa.xml");
    let cut = &xml[..xml.len() - 300];
    let err = read_xml(cut, 4096).unwrap_err();
    assert!(err.message.contains("ends inside a <player>"), "{err}");
    let err = read_xml(b"<html><body>not a list</body></html>", 10).unwrap_err();
    assert!(err.message.contains("<playerslist>"), "{err}");
}

#[test]
fn an_xml_error_names_the_players_line_and_element() {
    let xml = String::from_utf8(include_bytes!("data/players_list_foa.xml").to_vec()).unwrap();
    let bad = xml.replace(
        "<rapid_rating>1540</rapid_rating>",
        "<rapid_rating>15400</rapid_rating>",
    );
    let err = read_xml(bad.as_bytes(), 100).unwrap_err();
    assert_eq!(err.column.as_deref(), Some("rapid_rating"));
    let line = xml
        .lines()
        .position(|l| l == "<fideid>2000001</fideid>")
        .unwrap() as u64;
    assert_eq!(err.line, line, "the line of that <player>");
}

proptest! {
    #[test]
    fn xml_read_in_any_chunks_gives_the_same_players(chunk in 1usize..700) {
        let xml = include_bytes!("data/players_list_foa.xml");
        prop_assert_eq!(read_xml(xml, chunk).unwrap(), read_xml(xml, xml.len()).unwrap());
    }

    #[test]
    fn the_sample_list_reads_back_as_written(seed in any::<u64>()) {
        let players: Vec<ListEntry> = sample(seed, 40).collect();
        let mut text = String::from(FIDE_TXT_HEADER);
        for p in &players {
            text.push('\n');
            text.push_str(&fide_txt_line(p));
        }
        prop_assert_eq!(read_txt(text.as_bytes(), RatingKind::Standard).unwrap(), players);
    }
}

fn national_mapping() -> CsvMapping {
    CsvMapping {
        delimiter: ',',
        columns: vec![
            (Field::NationalId, "编号".into()),
            (Field::Name, "姓名".into()),
            (Field::Sex, "性别".into()),
            (Field::BirthYear, "出生".into()),
            (Field::Rating, "等级分".into()),
            (Field::FideId, "FIDE".into()),
        ],
    }
}

#[test]
fn a_national_csv_list_in_gbk_reads_through_its_mapping() {
    let text = "编号,姓名,性别,出生,等级分,FIDE\n\
                CHN0001,丁立人,男,1992-10-24,2750,8603677\n\
                CHN0002,\"侯逸凡\",女,1994,2620,\n";
    let (gbk, _, _) = encoding_rs::GB18030.encode(text);
    let mut reader = CsvReader::new(national_mapping(), RatingKind::Standard);
    let mut list = Vec::new();
    for line in gbk.split(|&b| b == b'\n') {
        if let Some(e) = reader.push_line(line).unwrap() {
            list.push(e);
        }
    }
    assert_eq!(list.len(), 2);
    assert_eq!(list[0].name, "丁立人");
    assert_eq!(list[0].national_id.as_deref(), Some("CHN0001"));
    assert_eq!(
        (list[0].fide_id, list[0].sex, list[0].birth_year),
        (Some(8_603_677), Some('m'), Some(1992))
    );
    assert_eq!(list[0].standard.map(|c| c.rating), Some(2750));
    assert_eq!(
        (list[1].name.as_str(), list[1].fide_id, list[1].sex),
        ("侯逸凡", None, Some('w'))
    );
}

#[test]
fn a_csv_header_without_a_mapped_column_names_what_it_has() {
    let mut reader = CsvReader::new(national_mapping(), RatingKind::Standard);
    let err = reader
        .push_line("编号,名字,性别,出生,等级分,FIDE".as_bytes())
        .unwrap_err();
    assert!(err.message.contains("no column '姓名'"), "{err}");
    assert!(err.message.contains("名字"), "{err}");
}

#[test]
fn a_csv_row_with_an_open_quote_or_no_id_is_refused_with_its_line() {
    let mut reader = CsvReader::new(national_mapping(), RatingKind::Standard);
    reader
        .push_line("编号,姓名,性别,出生,等级分,FIDE".as_bytes())
        .unwrap();
    let err = reader
        .push_line("X1,\"丁立人,男,1992,2750,".as_bytes())
        .unwrap_err();
    assert_eq!(err.line, 2);
    let err = reader
        .push_line(",无名,男,1992,2750,".as_bytes())
        .unwrap_err();
    assert_eq!(err.line, 3);
    assert!(
        err.message.contains("neither a national id nor a FIDE id"),
        "{err}"
    );
}

#[test]
fn a_mapping_without_a_name_or_an_id_is_refused() {
    let m = CsvMapping {
        delimiter: ';',
        columns: vec![(Field::Name, "n".into())],
    };
    assert!(m.check().unwrap_err().contains("neither"));
    let m = CsvMapping {
        delimiter: ';',
        columns: vec![(Field::FideId, "id".into())],
    };
    assert!(m.check().unwrap_err().contains("'name'"));
}

#[test]
fn fides_older_title_letters_are_read_and_an_unknown_title_does_not_refuse_the_list() {
    let mut text = String::from(FIDE_TXT_HEADER);
    for (id, tit, wtit) in [(1, "g", ""), (2, "", "wm"), (3, "AGM", ""), (4, "WGM", "")] {
        let mut p = sample(id, 1).next().unwrap();
        p.name = format!("Player, Number{id}");
        p.title = None;
        let mut line = fide_txt_line(&p);
        let at = FIDE_TXT_HEADER.find("Tit").unwrap();
        let wat = FIDE_TXT_HEADER.find("WTit").unwrap();
        line.replace_range(at..at + tit.len(), tit);
        line.replace_range(wat..wat + wtit.len(), wtit);
        text.push('\n');
        text.push_str(&line);
    }
    let list = read_txt(text.as_bytes(), RatingKind::Standard).unwrap();
    let titles: Vec<Option<&str>> = list.iter().map(|e| e.title.as_deref()).collect();
    assert_eq!(titles, [Some("GM"), Some("WIM"), None, Some("WGM")]);
}

#[test]
fn other_titles_running_over_their_column_shift_the_rest_of_the_line() {
    // FIDE's real file has a few 163-character lines: the other titles are
    // written whole and every later column moves one place right.
    let header = FIDE_TXT_HEADER;
    let col = |w: &str| header.find(w).unwrap();
    let mut line = vec![b' '; header.len() + 1];
    let mut put =
        |at: usize, text: &str| line[at..at + text.len()].copy_from_slice(text.as_bytes());
    put(col("ID Number"), "12345678");
    put(col("Name"), "Longtitles, Arbiter");
    put(col("Fed"), "SLO");
    put(col("Sex"), "M");
    put(col("OTit"), "SI,FI,LSI,SLI,NAAFM");
    // Right-aligned numbers, one place later than the header says.
    put(col("SRtng") + 2, "1840");
    put(col("SGm") + 3, "0");
    put(col("SK") + 1, "40");
    put(col("RRtng") + 2, "1836");
    put(col("RGm") + 3, "0");
    put(col("Rk") + 1, "20");
    put(col("BRtng") + 2, "1860");
    put(col("BGm") + 3, "0");
    put(col("BK") + 1, "20");
    put(col("B-day") + 1, "1974");
    let text = format!("{header}\n{}", String::from_utf8(line).unwrap());
    let list = read_txt(text.as_bytes(), RatingKind::Standard).unwrap();
    let e = &list[0];
    assert_eq!(e.other_titles.as_deref(), Some("SI,FI,LSI,SLI,NAAFM"));
    assert_eq!(e.standard, cell(1840, 0, 40));
    assert_eq!(e.rapid, cell(1836, 0, 20));
    assert_eq!(e.blitz, cell(1860, 0, 20));
    assert_eq!(e.birth_year, Some(1974));
}
