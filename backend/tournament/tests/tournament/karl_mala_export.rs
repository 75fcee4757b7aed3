//! Karl-Mala-Gedenkturnier 2005 (284 players, 7 rounds, forfeits written with colour `-`): exported
//! as TRF16 and TRF-2026 and read again, it gives the same standings, with every tie-break.

use arbiter_tournament::tiebreak::{StandingsOptions, parse_list, standings};
use arbiter_tournament::trf::{TrfVersion, read_trf, write_trf};

#[test]
fn karl_mala_standings_survive_export() {
    let Some(path) = arbiter_testdata::shared_file("trf/real/karl-mala-2005.trf") else {
        return;
    };
    let original = read_trf(&std::fs::read(path).expect("readable"))
        .expect("loads")
        .tournament;
    assert_eq!(original.players.len(), 284);
    let list =
        parse_list("PTS,BH/C1,BH,SB,DE,WIN,WON,BPG,BWG,PS,REP,AOB,FB,KS,ARO,TPR,PTP,APRO,APPO")
            .expect("valid codes");
    let options = StandingsOptions::default();
    let before = standings(&original, &list, &options);
    for version in [TrfVersion::Trf16, TrfVersion::Trf2026] {
        let text = write_trf(&original, version);
        let again = read_trf(text.as_bytes()).expect("re-reads").tournament;
        assert_eq!(again, original, "{version:?}");
        assert_eq!(standings(&again, &list, &options), before, "{version:?}");
    }
}
