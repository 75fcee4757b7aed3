//! The one schema of both backends, in portable types: ids are UUIDs as `Text`, timestamps UTC
//! `Timestamp`, points in tenths as `Integer`. Written by hand to match
//! `migrations/{sqlite,postgres}/*/up.sql` (a test runs the migrations and every query on both).

#![expect(
    missing_docs,
    reason = "diesel's table! macro generates undocumented items"
)]

diesel::table! {
    tournaments (id) {
        id -> Text,
        name -> Nullable<Text>,
        city -> Nullable<Text>,
        federation -> Nullable<Text>,
        start_date -> Nullable<Text>,
        end_date -> Nullable<Text>,
        declared_players -> Nullable<Text>,
        declared_rated_players -> Nullable<Text>,
        declared_teams -> Nullable<Text>,
        tournament_type -> Nullable<Text>,
        chief_arbiter -> Nullable<Text>,
        deputy_arbiters -> Text,
        time_control -> Nullable<Text>,
        round_dates -> Nullable<Text>,
        rounds_planned -> Nullable<Integer>,
        initial_colour -> Nullable<Text>,
        pair_by_rank -> Bool,
        scoring -> Text,
        starting_rank_method -> Nullable<Text>,
        pairing_controller -> Nullable<Text>,
        pairing_system -> Nullable<Text>,
        tiebreaks_202 -> Nullable<Text>,
        tiebreaks -> Nullable<Text>,
        tiebreak_edition -> Nullable<Text>,
        encoded_time_control -> Nullable<Text>,
        default_time_minutes -> Nullable<Integer>,
        extras -> Text,
        created_at -> Timestamp,
        updated_at -> Timestamp,
        laws_edition -> Nullable<Text>,
        adjourned_pairing -> Nullable<Text>,
        self_check_in_token -> Nullable<Text>,
    }
}

diesel::table! {
    players (id) {
        id -> Text,
        tournament_id -> Text,
        pairing_number -> Integer,
        name -> Text,
        sex -> Nullable<Text>,
        title -> Nullable<Text>,
        rating -> Nullable<Integer>,
        federation -> Nullable<Text>,
        fide_id -> Nullable<BigInt>,
        birth_date -> Nullable<Text>,
        status -> Text,
        reported_points -> Nullable<Integer>,
        rank -> Nullable<Integer>,
        k_factor -> Nullable<Integer>,
    }
}

diesel::table! {
    rounds (tournament_id, number) {
        tournament_id -> Text,
        number -> Integer,
        scheduled -> Nullable<Timestamp>,
        state -> Text,
    }
}

diesel::table! {
    games (id) {
        id -> Text,
        tournament_id -> Text,
        round -> Integer,
        seq -> Integer,
        board -> Nullable<Integer>,
        white -> Integer,
        black -> Integer,
        colours_known -> Bool,
        white_code -> Text,
        black_code -> Text,
        penalty_kind -> Nullable<Text>,
        penalty_reason -> Nullable<Text>,
        recorded_by -> Nullable<Text>,
        version -> Integer,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    byes (id) {
        id -> Text,
        tournament_id -> Text,
        round -> Integer,
        seq -> Integer,
        player -> Integer,
        code -> Text,
        recorded_by -> Nullable<Text>,
    }
}

diesel::table! {
    users (id) {
        id -> Text,
        email -> Text,
        password_hash -> Text,
        is_admin -> Bool,
        created_at -> Timestamp,
        approved -> Bool,
    }
}

// Server-side sessions (migration 2026-11-29-000010_sessions_approval): the SHA-256 of the
// cookie's key, the state as JSON, the account, times in milliseconds since 1970 (UTC).
diesel::table! {
    sessions (key_hash) {
        key_hash -> Text,
        user_id -> Nullable<Text>,
        state -> Text,
        created_ms -> BigInt,
        seen_ms -> BigInt,
    }
}

diesel::table! {
    roles (user_id, tournament_id, role) {
        user_id -> Text,
        tournament_id -> Text,
        role -> Text,
    }
}

diesel::table! {
    api_tokens (id) {
        id -> Text,
        user_id -> Text,
        token_hash -> Text,
        label -> Nullable<Text>,
        created_at -> Timestamp,
        last_used_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    audit_log (id) {
        id -> BigInt,
        at -> Timestamp,
        user_id -> Nullable<Text>,
        actor -> Text,
        tournament_id -> Nullable<Text>,
        entity -> Text,
        entity_id -> Nullable<Text>,
        action -> Text,
        before_json -> Nullable<Text>,
        after_json -> Nullable<Text>,
    }
}

diesel::joinable!(players -> tournaments (tournament_id));
diesel::joinable!(roles -> users (user_id));
diesel::joinable!(roles -> tournaments (tournament_id));
diesel::joinable!(api_tokens -> users (user_id));
diesel::joinable!(sessions -> users (user_id));

diesel::allow_tables_to_appear_in_same_query!(
    tournaments,
    players,
    rounds,
    games,
    byes,
    users,
    roles,
    api_tokens,
    audit_log,
    sessions,
);

// The arbiter's work (migration 2026-11-21-000002_arbiter_work).

diesel::table! {
    check_ins (id) {
        id -> Text,
        game_id -> Text,
        colour -> Text,
        player -> Integer,
        session -> Text,
        at -> Timestamp,
        recorded_at -> Timestamp,
        by_actor -> Text,
        by_user -> Nullable<Text>,
    }
}

diesel::table! {
    default_time_decisions (game_id) {
        game_id -> Text,
        kind -> Text,
        forfeit -> Nullable<Text>,
        reason -> Nullable<Text>,
        deadline -> Timestamp,
        decided_at -> Timestamp,
        by_actor -> Text,
        by_user -> Nullable<Text>,
    }
}

diesel::table! {
    envelopes (id) {
        id -> Text,
        game_id -> Text,
        seq -> Integer,
        state -> Text,
        white_name -> Text,
        black_name -> Text,
        position_fen -> Text,
        white_time_used -> Integer,
        black_time_used -> Integer,
        sealer -> Text,
        move_number -> Integer,
        draw_offer -> Nullable<Text>,
        resumption_at -> Timestamp,
        resumption_place -> Text,
        nonce -> Text,
        ciphertext -> Text,
        commitment -> Text,
        salt -> Nullable<Text>,
        revealed_move -> Nullable<Text>,
        sealed_at -> Timestamp,
        sealed_by -> Text,
        opened_at -> Nullable<Timestamp>,
        opened_by -> Nullable<Text>,
        version -> Integer,
    }
}

diesel::table! {
    incidents (id) {
        id -> Text,
        game_id -> Text,
        offender -> Text,
        kind -> Text,
        seconds -> Nullable<Integer>,
        code -> Nullable<Text>,
        article -> Text,
        reason -> Text,
        message -> Text,
        at -> Timestamp,
        by_actor -> Text,
        by_user -> Nullable<Text>,
    }
}

// Game scores (migration 2026-11-21-000001_game_scores).
diesel::table! {
    game_scores (game_id) {
        game_id -> Text,
        tournament_id -> Text,
        pgn -> Text,
        status -> Text,
        report_json -> Text,
        flagged -> Bool,
        submitted_by -> Nullable<Text>,
        submitted_at -> Timestamp,
    }
}

diesel::joinable!(game_scores -> games (game_id));
diesel::allow_tables_to_appear_in_same_query!(game_scores, games);

// The tournament's time zone (migration 2026-11-21-000006_time_zone; no row: UTC).

diesel::table! {
    tournament_time_zones (tournament_id) {
        tournament_id -> Text,
        time_zone -> Text,
    }
}

// The readers' languages (migration 2026-11-25-000001_languages): a tournament's public pages'
// language for readers who chose none, an account's chosen language.

diesel::table! {
    tournament_languages (tournament_id) {
        tournament_id -> Text,
        language -> Text,
    }
}

diesel::table! {
    user_languages (user_id) {
        user_id -> Text,
        language -> Text,
    }
}

// An organizer's documents (migration 2026-11-26-000003_documents): JSON by kind (`prizes`,
// `norm_rules`); no row, none set.

diesel::table! {
    tournament_documents (tournament_id, kind) {
        tournament_id -> Text,
        kind -> Text,
        body -> Text,
    }
}

// Team events (migration 2026-11-27-000001_team_events): the `TeamEvent` as JSON, and captains.
diesel::table! {
    team_events (tournament_id) {
        tournament_id -> Text,
        body -> Text,
        version -> Integer,
    }
}

diesel::table! {
    team_captains (tournament_id, user_id) {
        tournament_id -> Text,
        team_number -> Integer,
        user_id -> Text,
    }
}

// FIDE rating lists (migration 2026-11-26-000002_rating_lists): one snapshot per month, its
// players.

diesel::table! {
    rating_lists (list_date) {
        list_date -> Text,
        has_standard -> Bool,
        has_rapid -> Bool,
        has_blitz -> Bool,
        imported_at -> Timestamp,
        row_count -> Integer,
    }
}

diesel::table! {
    rating_list_players (list_date, fide_id) {
        list_date -> Text,
        fide_id -> BigInt,
        name -> Text,
        name_folded -> Text,
        federation -> Text,
        sex -> Nullable<Text>,
        title -> Nullable<Text>,
        women_title -> Nullable<Text>,
        other_titles -> Text,
        foa_title -> Nullable<Text>,
        birth_year -> Nullable<Integer>,
        flags -> Text,
        standard_rating -> Nullable<Integer>,
        standard_games -> Nullable<Integer>,
        standard_k -> Nullable<Integer>,
        rapid_rating -> Nullable<Integer>,
        rapid_games -> Nullable<Integer>,
        rapid_k -> Nullable<Integer>,
        blitz_rating -> Nullable<Integer>,
        blitz_games -> Nullable<Integer>,
        blitz_k -> Nullable<Integer>,
    }
}

diesel::joinable!(rating_list_players -> rating_lists (list_date));
diesel::allow_tables_to_appear_in_same_query!(rating_lists, rating_list_players);
