//! The rating-list fixtures (`fixtures/ratings/`, made by its `make.py`) read in every layout:
//! the counts are the lines of each file (180 standard, 121 rapid, 142 blitz, 182 combined), and
//! every Karl-Mala 2005 player with a FIDE id is in the standard list under that id, with the
//! TRF's name written `Last, First`.

use std::fs::File;
use std::io::BufReader;

use arbiter_tournament::rating_list::{ListHint, ListKind, ListedPlayer, RatingListKind, open};
use arbiter_tournament::read_trf;

fn root() -> String {
    format!("{}/../..", env!("CARGO_MANIFEST_DIR"))
}

fn read(name: &str) -> (ListKind, Vec<ListedPlayer>) {
    let path = format!("{}/fixtures/ratings/{name}", root());
    let file = File::open(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let hint = ListHint {
        file_name: Some(&path),
        ..ListHint::default()
    };
    let list = open(BufReader::new(file), &hint).unwrap();
    let kind = list.header().kind;
    (kind, list.collect::<Result<_, _>>().unwrap())
}

#[test]
fn every_fixture_reads_and_the_layouts_agree() {
    let (k, standard) = read("standard_nov25frl.txt");
    assert_eq!((k, standard.len()), (ListKind::Standard, 180));
    let (k, rapid) = read("rapid_nov25frl.txt");
    assert_eq!((k, rapid.len()), (ListKind::Rapid, 121));
    let (k, blitz) = read("blitz_nov25frl.txt");
    assert_eq!((k, blitz.len()), (ListKind::Blitz, 142));
    let (k, combined_txt) = read("players_list_foa.txt");
    assert_eq!((k, combined_txt.len()), (ListKind::Combined, 182));
    let (k, combined_xml) = read("players_list_xml_foa.xml");
    assert_eq!(k, ListKind::Combined);
    // The combined TXT (Latin-1) and XML (UTF-8) hold the same players.
    assert_eq!(combined_txt, combined_xml);
    // Each single list's rating is the combined list's.
    for (list, kind) in [
        (&standard, RatingListKind::Standard),
        (&rapid, RatingListKind::Rapid),
        (&blitz, RatingListKind::Blitz),
    ] {
        for p in list {
            let c = combined_txt
                .iter()
                .find(|c| c.fide_id == p.fide_id)
                .unwrap();
            assert_eq!(p.rating(kind), c.rating(kind), "{} {kind}", p.fide_id);
            assert_eq!((&p.name, &p.federation), (&c.name, &c.federation));
        }
    }
    // Every field is filled somewhere: women's titles, other titles, FOA titles, flags, K 10,
    // 20 and 40.
    assert!(combined_txt.iter().any(|p| p.women_title.is_some()));
    assert!(combined_txt.iter().any(|p| !p.other_titles.is_empty()));
    assert!(combined_txt.iter().any(|p| p.foa_title.is_some()));
    assert!(
        combined_txt
            .iter()
            .any(|p| p.flags.inactive && p.flags.woman)
    );
    for k in [10, 20, 40] {
        assert!(
            standard
                .iter()
                .any(|p| p.standard.and_then(|r| r.k) == Some(k)),
            "K {k}"
        );
    }
    assert!(combined_txt.iter().any(|p| p.name == "Müller, Jörg"));

    let trf = std::fs::read(format!("{}/fixtures/karl-mala-2005.trf", root())).unwrap();
    let t = read_trf(&trf).unwrap().tournament;
    let mut with_id = 0;
    for p in &t.players {
        let Some(id) = p.fide_id.filter(|&i| i > 0) else {
            continue;
        };
        with_id += 1;
        let listed = standard.iter().find(|l| l.fide_id == id).unwrap();
        assert_eq!(listed.name.replace(", ", ","), p.name, "{id}");
        assert_eq!(listed.standard.map(|r| r.rating), p.rating, "{id}");
        if let Some(fed) = &p.federation {
            assert_eq!(&listed.federation, fed);
        }
    }
    assert_eq!(with_id, 146);
}
