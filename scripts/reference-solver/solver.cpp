// The reference Connect Four solver of issue 3's target table, rebuilt from
// its published description so that its times can be measured on the same
// machine, in the same run, as abprune's (the shared machines drift by 1.4x
// within hours, so fixed reference times alone cannot decide a ratio).
//
// The algorithm, as the reference describes it: a bitboard position; a
// negamax that only ever plays moves that do not lose at once (so a node
// never has a win in one); the window narrowed to the scores still reachable;
// a transposition table of 2^24 (next prime) entries, always replaced, that
// keeps an upper bound after a fail-low and a lower bound after a cut-off;
// moves sorted by the number of open threes they make, centre first on
// ties; and the root's score found by null-window probes that bisect the
// score range, biased towards zero. No opening book. The node counts it
// prints are checked against the reference's published means (the target
// table of issue 3): when they agree, this is the same search.
//
// Input: lines `MOVES [EXPECTED]` on stdin. Output: `MOVES SCORE NODES
// MICROSECONDS` per line, then `# ` summary lines like abprune's. The table
// is cleared before each position, untimed, as the reference does.
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <string>
#include <vector>

namespace {

constexpr int W = 7;
constexpr int H = 6;
constexpr int MIN_SCORE = -(W * H) / 2 + 3;
constexpr int MAX_SCORE = (W * H + 1) / 2 - 3;

constexpr uint64_t bottom_row() {
  uint64_t mask = 0;
  for (int col = 0; col < W; ++col) mask |= uint64_t(1) << (col * (H + 1));
  return mask;
}
constexpr uint64_t BOTTOM = bottom_row();
constexpr uint64_t BOARD = BOTTOM * ((uint64_t(1) << H) - 1);

uint64_t column_cells(int col) { return ((uint64_t(1) << H) - 1) << (col * (H + 1)); }

int popcount(uint64_t x) {
  int n = 0;
  for (; x; ++n) x &= x - 1;
  return n;
}

// Empty cells that would complete a line of four for `stones`.
uint64_t winning_cells(uint64_t stones, uint64_t mask) {
  uint64_t cells = (stones << 1) & (stones << 2) & (stones << 3);
  for (int shift : {H + 1, H, H + 2}) {
    uint64_t pair = (stones << shift) & (stones << 2 * shift);
    cells |= pair & (stones << 3 * shift);
    cells |= pair & (stones >> shift);
    pair = (stones >> shift) & (stones >> 2 * shift);
    cells |= pair & (stones << shift);
    cells |= pair & (stones >> 3 * shift);
  }
  return cells & (BOARD ^ mask);
}

struct Position {
  uint64_t current = 0;  // the side to move's stones
  uint64_t mask = 0;     // every stone
  int moves = 0;

  uint64_t key() const { return current + mask; }
  uint64_t playable() const { return (mask + BOTTOM) & BOARD; }
  bool can_win_next() const { return winning_cells(current, mask) & playable(); }
  void play(uint64_t cell) {
    current ^= mask;
    mask |= cell;
    ++moves;
  }
  uint64_t non_losing_moves() const {
    uint64_t possible = playable();
    uint64_t theirs = winning_cells(current ^ mask, mask);
    uint64_t forced = possible & theirs;
    if (forced) {
      if (forced & (forced - 1)) return 0;
      possible = forced;
    }
    return possible & ~(theirs >> 1);
  }
  int move_score(uint64_t cell) const { return popcount(winning_cells(current | cell, mask)); }
  // Returns false on a malformed move list or one that wins on the way.
  bool play_text(const std::string &text) {
    for (char ch : text) {
      int col = ch - '1';
      if (col < 0 || col >= W) return false;
      if (mask & (uint64_t(1) << (H - 1 + col * (H + 1)))) return false;
      if (winning_cells(current, mask) & playable() & column_cells(col)) return false;
      play((mask + (uint64_t(1) << col * (H + 1))) & column_cells(col));
    }
    return true;
  }
};

// 2^24 entries rounded up to a prime, so that the key modulo the size and
// the low 32 bits of the key together identify a position (keys have 49
// bits): a 32-bit partial key is enough.
constexpr uint64_t next_prime(uint64_t n) {
  for (;; ++n) {
    bool prime = n > 1;
    for (uint64_t d = 2; d * d <= n && prime; ++d) prime = n % d != 0;
    if (prime) return n;
  }
}
constexpr uint64_t TABLE_SIZE = next_prime(uint64_t(1) << 24);

struct Table {
  std::vector<uint32_t> keys = std::vector<uint32_t>(TABLE_SIZE);
  std::vector<uint8_t> values = std::vector<uint8_t>(TABLE_SIZE);
  void clear() {
    std::memset(keys.data(), 0, keys.size() * sizeof(uint32_t));
    std::memset(values.data(), 0, values.size());
  }
  void put(uint64_t key, uint8_t value) {
    uint64_t i = key % TABLE_SIZE;
    keys[i] = uint32_t(key);
    values[i] = value;
  }
  uint8_t get(uint64_t key) const {
    uint64_t i = key % TABLE_SIZE;
    return keys[i] == uint32_t(key) ? values[i] : 0;
  }
};

constexpr int ORDER[W] = {3, 2, 4, 1, 5, 0, 6};

struct Solver {
  Table table;
  uint64_t nodes = 0;

  // Null-window or wider: the value if inside (alpha, beta), else a bound
  // on the far side. Precondition: the side to move cannot win at once.
  int negamax(const Position &p, int alpha, int beta) {
    ++nodes;
    uint64_t next = p.non_losing_moves();
    if (!next) return -(W * H - p.moves) / 2;
    if (p.moves >= W * H - 2) return 0;
    int min = -(W * H - 2 - p.moves) / 2;
    if (alpha < min) {
      alpha = min;
      if (alpha >= beta) return alpha;
    }
    int max = (W * H - 1 - p.moves) / 2;
    if (beta > max) {
      beta = max;
      if (alpha >= beta) return beta;
    }
    if (int stored = table.get(p.key())) {
      if (stored > MAX_SCORE - MIN_SCORE + 1) {  // a lower bound
        min = stored + 2 * MIN_SCORE - MAX_SCORE - 2;
        if (alpha < min) {
          alpha = min;
          if (alpha >= beta) return alpha;
        }
      } else {  // an upper bound
        max = stored + MIN_SCORE - 1;
        if (beta > max) {
          beta = max;
          if (alpha >= beta) return beta;
        }
      }
    }
    // Insertion sort by score; among equal scores the most central is
    // taken first (the columns are added from the edges in).
    uint64_t cells[W];
    int scores[W];
    int count = 0;
    for (int i = W; i--;) {
      uint64_t cell = next & column_cells(ORDER[i]);
      if (!cell) continue;
      int score = p.move_score(cell);
      int at = count++;
      for (; at && scores[at - 1] > score; --at) {
        cells[at] = cells[at - 1];
        scores[at] = scores[at - 1];
      }
      cells[at] = cell;
      scores[at] = score;
    }
    while (count) {
      Position child = p;
      child.play(cells[--count]);
      int score = -negamax(child, -beta, -alpha);
      if (score >= beta) {
        table.put(p.key(), uint8_t(score + MAX_SCORE - 2 * MIN_SCORE + 2));
        return score;
      }
      if (score > alpha) alpha = score;
    }
    table.put(p.key(), uint8_t(alpha - MIN_SCORE + 1));
    return alpha;
  }

  // Weak: only the sign (win, draw or loss), as the reference's own `-w`.
  int solve(const Position &p, bool weak) {
    if (p.can_win_next()) return (W * H + 1 - p.moves) / 2;
    int min = -(W * H - p.moves) / 2;
    int max = (W * H + 1 - p.moves) / 2;
    if (weak) {
      min = -1;
      max = 1;
    }
    while (min < max) {
      int med = min + (max - min) / 2;
      if (med <= 0 && min / 2 < med)
        med = min / 2;
      else if (med >= 0 && max / 2 > med)
        med = max / 2;
      int r = negamax(p, med, med + 1);
      if (r <= med)
        max = r;
      else
        min = r;
    }
    return min;
  }
};

}  // namespace

int main(int argc, char **argv) {
  bool weak = argc > 1 && std::string(argv[1]) == "-w";
  Solver solver;
  std::string line;
  uint64_t positions = 0, correct = 0, checked = 0, total_nodes = 0, total_us = 0, line_number = 0;
  while (std::getline(std::cin, line)) {
    ++line_number;
    size_t space = line.find(' ');
    std::string moves = line.substr(0, space);
    Position p;
    if (!p.play_text(moves)) {
      std::fprintf(stderr, "line %llu: bad position '%s'\n", (unsigned long long)line_number, moves.c_str());
      continue;
    }
    solver.table.clear();
    solver.nodes = 0;
    auto start = std::chrono::steady_clock::now();
    int score = solver.solve(p, weak);
    auto us = std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() - start).count();
    ++positions;
    total_nodes += solver.nodes;
    total_us += us;
    if (space != std::string::npos) {
      ++checked;
      if (std::stoi(line.substr(space + 1)) == score) ++correct;
    }
    std::printf("%s %d %llu %lld\n", moves.c_str(), score, (unsigned long long)solver.nodes, (long long)us);
  }
  if (!positions) return 0;
  std::printf("# positions %llu\n# correct %llu of %llu checked\n# mean time %.1f us\n# mean nodes %.1f\n",
              (unsigned long long)positions, (unsigned long long)correct, (unsigned long long)checked,
              double(total_us) / positions, double(total_nodes) / positions);
  return correct == checked ? 0 : 1;
}
