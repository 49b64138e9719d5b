//! The matcher against exhaustive search and fresh solves.

use super::*;

/// Best total weight over all matchings, by exhaustive search.
fn brute(n: usize, w: &[u64]) -> u64 {
    fn go(i: usize, n: usize, w: &[u64], used: &mut Vec<bool>) -> u64 {
        if i == n {
            return 0;
        }
        if used[i] {
            return go(i + 1, n, w, used);
        }
        used[i] = true;
        let mut best = go(i + 1, n, w, used);
        for j in i + 1..n {
            if !used[j] && w[i * n + j] > 0 {
                used[j] = true;
                best = best.max(w[i * n + j] + go(i + 1, n, w, used));
                used[j] = false;
            }
        }
        used[i] = false;
        best
    }
    go(0, n, w, &mut vec![false; n])
}

/// The total weight of `m`'s matching of the graph `w` (`n × n`),
/// checking that it is a matching over edges.
fn matched_weight<const L: usize>(m: &Matcher<L>, n: usize, w: &[u64]) -> u64 {
    let mates = m.mates();
    let mut total = 0;
    for v in 0..n {
        let u = mates[v] as usize;
        assert_eq!(mates[u] as usize, v, "matching is symmetric");
        if u > v {
            assert!(w[v * n + u] > 0, "matched pairs are edges");
            total += w[v * n + u];
        }
    }
    total
}

fn check_optimal(m: &Matcher<2>, n: usize, w: &[u64], case: usize) {
    assert_eq!(
        matched_weight(m, n, w),
        brute(n, w),
        "case {case}: weight is maximum"
    );
}

/// A xorshift stream: the tests' reproducible randomness.
fn xorshift(mut seed: u64) -> impl FnMut() -> u64 {
    move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    }
}

/// `fill` (tiles of 32) stores what `set_weight` pair by pair stores,
/// for cores that are not a multiple of the tile and ranges that start
/// inside one, high limbs included; and solves to the same value.
#[test]
fn a_tiled_fill_stores_every_weight_set_pair_by_pair() {
    let mut next = xorshift(0x0F1E_2D3C_4B5A_6978);
    for (n, core, from) in [
        (70, 70, 0),
        (70, 70, 5),
        (100, 67, 33),
        (40, 40, 39),
        (9, 9, 3),
    ] {
        let w: Vec<u64> = (0..n * n).map(|_| next() % 7).collect();
        let wt = |j: usize, i: usize| {
            let x = w[i.max(j) * n + i.min(j)];
            let mut v = Wide::<2>::from_u64(x);
            v.0[1] = x % 3;
            v
        };
        let mut filled = Matcher::<2>::with_core(n, core);
        let mut one_by_one = Matcher::<2>::with_core(n, core);
        filled.fill(from, n, wt);
        for i in from..core {
            for j in 0..i {
                one_by_one.set_weight(i, j, wt(j, i));
            }
        }
        for i in 0..n {
            for j in 0..n {
                assert_eq!(
                    filled.weight(i, j),
                    one_by_one.weight(i, j),
                    "{n} {core} {from}: {i}–{j}"
                );
            }
        }
        filled.solve();
        one_by_one.solve();
        let value = |m: &Matcher<2>| {
            (0..n)
                .filter(|&v| (m.mates()[v] as usize) > v)
                .fold(Wide::<2>::ZERO, |s, v| {
                    s.plus(m.weight(v, m.mates()[v] as usize))
                })
        };
        assert_eq!(value(&filled), value(&one_by_one), "{n} {core} {from}");
    }
}

/// A fill shared with a second thread writes the same matrix, high parts
/// interned in the same order, as one worked out on one thread, whatever
/// the number of bands (the second thread takes two in three).
#[test]
fn a_fill_shared_with_a_second_thread_writes_the_same_matrix() {
    let mut next = xorshift(0x5EED_F111_0000_0002);
    for (n, core, from) in [
        (200, 200, 0),
        (130, 97, 40),
        (33, 33, 1),
        (64, 64, 63),
        (5, 5, 0),
    ] {
        let w: Vec<u64> = (0..n * n).map(|_| next()).collect();
        let wt = |j: usize, i: usize| {
            let x = w[i.max(j) * n + i.min(j)];
            let mut v = Wide::<2>::from_u64(x % 1000);
            v.0[1] = x % 5;
            v
        };
        let mut alone = Matcher::<2>::with_core(n, core);
        let mut shared = Matcher::<2>::with_core(n, core);
        alone.fill_with(from, n, &wt, usize::MAX);
        shared.fill_with(from, n, &wt, 0);
        assert_eq!(alone.wlo, shared.wlo, "{n} {core} {from}: low limbs");
        assert_eq!(alone.wid, shared.wid, "{n} {core} {from}: high parts");
        assert_eq!(alone.hi, shared.hi, "{n} {core} {from}: interned order");
        assert_eq!(alone.dirty_list, shared.dirty_list, "{n} {core} {from}");
    }
}

/// Fixing a pair (`isolate`, as the S1 step does) and removing an edge
/// (a cut pair) keep the matcher optimal after a re-solve, blossoms or not:
/// after each change the matching weighs what exhaustive search finds. An
/// edge removed inside a blossom that is neither matched nor one of the
/// blossom's own releases no one; `isolate` stores what `set_weight` pair by
/// pair stores and releases the same vertices in the same order.
#[test]
fn fixing_pairs_and_removing_edges_keep_the_matching_optimal() {
    let mut next = xorshift(0x0BAD_5EED_1234_0007);
    for case in 0..1500 {
        let n = 4 + (next() % 9) as usize;
        // Mostly weights 4 and 5 on nearly every pair: ties nest blossoms.
        let tied = case % 3 != 0;
        let mut w = vec![0u64; n * n];
        let mut m = Matcher::<2>::new(n);
        for i in 0..n {
            for j in 0..i {
                let x = if tied {
                    if next().is_multiple_of(10) {
                        0
                    } else {
                        4 + next() % 2
                    }
                } else if next().is_multiple_of(3) {
                    0
                } else {
                    1 + next() % 20
                };
                w[i * n + j] = x;
                w[j * n + i] = x;
                m.set_weight(i, j, Wide::from_u64(x));
            }
        }
        m.solve();
        check_optimal(&m, n, &w, case);
        for _ in 0..4 {
            let a = (next() % n as u64) as usize;
            let b = (next() % n as u64) as usize;
            // A pair is fixed once, of players not fixed before (as the
            // bracket loop does).
            if a == b || m.isolated[a] || m.isolated[b] {
                continue;
            }
            if next().is_multiple_of(2) {
                m.set_weight(a, b, Wide::ZERO);
                w[a * n + b] = 0;
                w[b * n + a] = 0;
            } else {
                let mut pairwise = m.clone();
                m.isolate(a, b, Wide::from_u64(7));
                for u in 0..n {
                    for (x, y) in [(a, b), (b, a)] {
                        if u != x {
                            let fixed = if u == y { 7 } else { 0 };
                            pairwise.set_weight(x, u, Wide::from_u64(fixed));
                            w[x * n + u] = fixed;
                            w[u * n + x] = fixed;
                        }
                    }
                }
                for i in 0..n {
                    for j in 0..n {
                        if i != j {
                            assert_eq!(m.weight(i, j), pairwise.weight(i, j), "case {case}");
                        }
                    }
                }
                assert_eq!(m.dirty_list, pairwise.dirty_list, "case {case}: released");
            }
            // Now and then two changes before a re-solve, as when the S1
            // step fixes pairs without re-solving between them.
            if !next().is_multiple_of(3) {
                m.solve();
                check_optimal(&m, n, &w, case);
            }
        }
        m.solve();
        check_optimal(&m, n, &w, case);
    }
}

#[test]
fn blossom_matching_stays_optimal_under_random_weight_changes() {
    let mut next = xorshift(0x1234_5678_9ABC_DEF1);
    for case in 0..2000 {
        let n = 1 + (next() % 11) as usize;
        // Regime 3: weights 4 and 5 only, nearly every edge present, so
        // nearly every edge is tight and stages nest blossoms, whose
        // least-slack edges often lead inside them (`refresh_best`).
        let regime = case % 4;
        let density = if regime == 3 { 90 } else { next() % 100 };
        let mut w = vec![0u64; n * n];
        let mut m = Matcher::<2>::new(n);
        // The same graph with only a prefix of the vertices dense.
        let core = (next() % (n as u64 + 1)) as usize;
        let mut sparse = Matcher::<2>::with_core(n, core);
        for step in 0..6 {
            // Change the edges of a few vertices (all of them at first).
            let k = if step == 0 {
                n
            } else {
                1 + (next() % 3) as usize
            };
            for _ in 0..k {
                let i = (next() % n as u64) as usize;
                for j in 0..n {
                    if i == j || next().is_multiple_of(3) {
                        continue;
                    }
                    let x = if next() % 100 >= density {
                        0
                    } else if regime == 3 {
                        4 + next() % 2
                    } else {
                        1 + next() % [3, 10, 1000][regime]
                    };
                    w[i * n + j] = x;
                    w[j * n + i] = x;
                    m.set_weight(i, j, Wide::from_u64(x));
                    sparse.set_weight(i, j, Wide::from_u64(x));
                }
            }
            m.solve();
            check_optimal(&m, n, &w, case);
            sparse.solve();
            check_optimal(&sparse, n, &w, case);
        }
    }
}

/// The certificates the S1 step skips re-solves on (C.04.3 D: each S1
/// player's opponent): after a solve, every partner a vertex has in
/// *some* maximum-weight matching is tight under the duals, blossom
/// duals included (so a pair that is not is in none), and an exchange of
/// two matched pairs that `can_exchange` allows leaves a maximum-weight
/// matching. Small tied graphs, against exhaustive search.
#[test]
fn tight_pairs_and_allowed_exchanges_agree_with_every_optimum() {
    let mut next = xorshift(0x0DDB_A11C_0FFE_E123);
    let (mut exchanges, mut refused) = (0, 0);
    for case in 0..1500 {
        let n = 4 + (next() % 7) as usize;
        let mut w = vec![0u64; n * n];
        let mut m = Matcher::<2>::new(n);
        for i in 0..n {
            for j in i + 1..n {
                if next() % 100 < 85 {
                    let x = 4 + next() % 3;
                    w[i * n + j] = x;
                    w[j * n + i] = x;
                    m.set_weight(i, j, Wide::from_u64(x));
                }
            }
        }
        m.solve();
        let best = brute(n, &w);
        assert_eq!(matched_weight(&m, n, &w), best, "case {case}");
        let without = |a: usize, b: usize| {
            let mut r = w.clone();
            for x in 0..n {
                for y in [a, b] {
                    r[x * n + y] = 0;
                    r[y * n + x] = 0;
                }
            }
            brute(n, &r)
        };
        for u in 0..n {
            for v in 0..n {
                if u != v && w[u * n + v] > 0 && w[u * n + v] + without(u, v) == best {
                    assert_eq!(m.first_tight(u, &[v]), Some(0), "case {case}: {u}-{v}");
                }
            }
        }
        let mates: Vec<usize> = m.mates().iter().map(|&x| x as usize).collect();
        let pairs: Vec<(usize, usize)> = (0..n)
            .filter(|&v| mates[v] != v)
            .map(|v| (v, mates[v]))
            .collect();
        for &(u, mu) in &pairs {
            for &(j, k) in &pairs {
                if j == u || j == mu || m.first_tight(u, &[j]) != Some(0) {
                    continue;
                }
                if !m.can_exchange(u, mu, j, k) {
                    refused += 1;
                    continue;
                }
                exchanges += 1;
                let mut total = 0;
                for &(a, b) in &pairs {
                    if a < b && ![u, mu, j, k].contains(&a) {
                        total += w[a * n + b];
                    }
                }
                assert!(w[k * n + mu] > 0, "case {case}: {k}-{mu} is an edge");
                total += w[u * n + j] + w[k * n + mu];
                assert_eq!(total, best, "case {case}: exchange {u}-{mu}, {j}-{k}");
            }
        }
    }
    assert!(
        exchanges > 1000 && refused > 100,
        "{exchanges} exchanges, {refused} refused"
    );
}

/// A pendant start (each of `k` vertices matched to its own pendant,
/// tight), then random edges among the `k`, as the contracted bracket
/// does: the re-solve must reach the optimum.
#[test]
fn installed_pendant_start_then_new_edges_reaches_the_optimum() {
    let mut next = xorshift(0xDEAD_BEEF_1234_5678);
    for case in 0..3000 {
        let k = 1 + (next() % 7) as usize;
        let z = next().is_multiple_of(2);
        let n = 2 * k + usize::from(z);
        let mut w = vec![0u64; n * n];
        // As the contracted bracket: pendants and `z` outside the core.
        let mut m = Matcher::<1>::with_core(n, k);
        let mut mates: Vec<u32> = (0..n as u32).collect();
        let mut duals = vec![Wide::<1>::ZERO; n];
        let fs: Vec<u64> = (0..k).map(|_| 64 * (next() % 2)).collect();
        let fmin = if next().is_multiple_of(2) { 0 } else { 64 };
        let mut unplaced = Vec::new();
        for i in 0..k {
            let f = fs[i];
            let a = 32 + f; // C/2 + f with C = 64
            duals[i] = Wide::from_u64(2 * a);
            if !next().is_multiple_of(4) {
                w[i * n + k + i] = a;
                w[(k + i) * n + i] = a;
                m.set_weight(i, k + i, Wide::from_u64(a));
                mates[i] = (k + i) as u32;
                mates[k + i] = i as u32;
            } else {
                unplaced.push(i);
            }
            if z {
                let zw = 32 + fmin;
                w[i * n + 2 * k] = zw;
                w[2 * k * n + i] = zw;
                m.set_weight(i, 2 * k, Wide::from_u64(zw));
            }
        }
        m.install(&mates, &duals);
        for i in unplaced {
            m.release_vertex(i);
        }
        if z {
            // Its edges are infeasible at dual 0 when a vertex has a
            // smaller `f` than `min f` below.
            m.release_vertex(2 * k);
        }
        for step in 0..3 {
            for i in 0..k {
                for j in 0..i {
                    if step > 0 && !next().is_multiple_of(3) {
                        continue;
                    }
                    let x = if next().is_multiple_of(4) {
                        0
                    } else {
                        64 + fs[i] + fs[j] + next() % 63
                    };
                    w[i * n + j] = x;
                    w[j * n + i] = x;
                    m.set_weight(i, j, Wide::from_u64(x));
                }
            }
            m.solve();
            assert_eq!(
                matched_weight(&m, n, &w),
                brute(n, &w),
                "case {case} step {step}"
            );
        }
    }
}

/// Larger graphs than brute force can check, with the heavy ties of a
/// Dutch bracket (few distinct weights, a part additive per vertex) and
/// its way of changing them (one vertex's row at a time, the odd small
/// addend): the incrementally re-solved matching is worth exactly as
/// much as a fresh solve of the same graph, whose free vertices all
/// start as roots of one forest.
#[test]
fn incremental_re_solves_of_tied_graphs_equal_a_fresh_solve() {
    let mut next = xorshift(0x0BAD_5EED_F00D_CAFE);
    for case in 0..60 {
        let n = 20 + (next() % 41) as usize;
        let g: Vec<u64> = (0..n).map(|_| 8 * (next() % 3)).collect();
        let mut w = vec![0u64; n * n];
        let core = n - (next() % 4) as usize;
        let mut m = Matcher::<2>::with_core(n, core);
        for step in 0..25 {
            let rows: Vec<usize> = if step == 0 {
                (0..n).collect()
            } else {
                vec![(next() % n as u64) as usize]
            };
            for i in rows {
                for j in 0..n {
                    if i == j || (step > 0 && next().is_multiple_of(2)) {
                        continue;
                    }
                    let x = if next().is_multiple_of(5) {
                        0
                    } else {
                        64 + g[i] + g[j] + 16 * (next() % 2) + u64::from(next().is_multiple_of(7))
                    };
                    w[i * n + j] = x;
                    w[j * n + i] = x;
                    m.set_weight(i, j, Wide::from_u64(x));
                }
            }
            m.solve();
            let mut fresh = Matcher::<2>::new(n);
            for i in 0..n {
                for j in 0..i {
                    fresh.set_weight(i, j, Wide::from_u64(w[i * n + j]));
                }
            }
            fresh.solve();
            assert_eq!(
                matched_weight(&m, n, &w),
                matched_weight(&fresh, n, &w),
                "case {case} step {step}"
            );
        }
    }
}

/// `rewrite_pairs` (tile by tile) leaves what `set_weight` pair by pair in
/// its order leaves: the same weights, the same vertices released in the
/// same order, and so the same matching after the next solve, on tied
/// graphs with nested blossoms, wider than a tile, with vertices of the
/// rewritten set isolated (the pair-by-pair path) or not.
#[test]
fn rewriting_pairs_in_tiles_equals_setting_them_one_by_one() {
    let mut next = xorshift(0x5EED_CAFE_F00D_BEEF);
    for case in 0..400 {
        let n = 2 + (next() % if case % 4 == 0 { 90 } else { 20 }) as usize;
        let mut m = Matcher::<2>::new(n);
        for i in 0..n {
            for j in 0..i {
                if next() % 10 < 8 {
                    let hi = Wide::<2>::from_u64(next() % 3).shifted(40);
                    m.set_weight(i, j, hi.add_u64(4 + next() % 2));
                }
            }
        }
        m.solve();
        if case % 5 == 0 && n >= 4 {
            let (a, b) = (0, 1 + (next() % (n as u64 - 1)) as usize);
            m.isolate(a, b, Wide::from_u64(1 << 20));
            m.solve();
        }
        // Some vertices, in rising order (as the bracket's remainder is).
        let verts: Vec<u32> = (0..n as u32)
            .filter(|_| !next().is_multiple_of(4))
            .collect();
        let order = if next().is_multiple_of(2) {
            PairOrder::LaterFirst
        } else {
            PairOrder::EarlierFirst
        };
        let salt = next();
        let f = |p: usize, q: usize, w: Wide<2>| {
            let h = (p as u64 * 31 + q as u64).wrapping_mul(salt) >> 59;
            match h % 4 {
                _ if w.is_zero() => w,
                0 => Wide::ZERO,
                1 => w.add_u64(p as u64 * 2 + 1),
                2 => w.minus(Wide::from_u64(3)),
                _ => w,
            }
        };
        let mut tiled = m.clone();
        tiled.rewrite_pairs(&verts, order, f);
        let mut one_by_one = m.clone();
        one_by_one.rewrite_pairs_one_by_one(&verts, order, f);
        for u in 0..n {
            for v in 0..n {
                if u != v {
                    assert_eq!(
                        tiled.weight(u, v),
                        one_by_one.weight(u, v),
                        "case {case}: weight {u}-{v}"
                    );
                }
            }
        }
        assert_eq!(
            tiled.dirty_list, one_by_one.dirty_list,
            "case {case}: the same vertices released, in the same order"
        );
        tiled.solve();
        one_by_one.solve();
        assert_eq!(tiled.mates(), one_by_one.mates(), "case {case}: matching");
    }
}
