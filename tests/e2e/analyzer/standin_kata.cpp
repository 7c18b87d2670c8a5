// A stand-in for an engine that speaks KataGo's kata-analyze, for the tests
// of yunzi-analyzer: GTP on stdin/stdout, a board kept only as the points
// played (no captures: it is no Go engine), and analysis lines every
// interval whose figures follow from the moves played, so a test knows each
// one: for the side to move after p moves, winrate 0.40 + 0.01 (p mod 50) and
// scoreLead 2.5 - p; the candidates are the first two empty points (A1, B1,
// ... row by row) with 60 and 40 more visits each line. With
// `--die-once FILE --die-at N` it exits without a word at its Nth
// kata-analyze when FILE does not exist yet (and makes FILE), as a crashed
// engine does once. With `--swing N` Black's winning chance is 0.3 lower from
// N stones played on: the Nth move is a mistake for its player when Black
// played it. With `--wild-at N` its lead is 5000 points from N stones on,
// a figure the server refuses.
#include <poll.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace {

const std::string columns = "ABCDEFGHJKLMNOPQRST";

std::string point(int x, int y) { return columns[static_cast<std::size_t>(x)] + std::to_string(y + 1); }

void answer(const std::string& text) { std::cout << "= " << text << "\n\n" << std::flush; }

}  // namespace

int main(int argc, char** argv) {
  std::string die_file;
  int die_at = 0;
  int swing_at = 0;
  int wild_at = 0;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string flag = argv[i];
    if (flag == "--die-once") die_file = argv[i + 1];
    if (flag == "--die-at") die_at = std::stoi(argv[i + 1]);
    if (flag == "--swing") swing_at = std::stoi(argv[i + 1]);
    if (flag == "--wild-at") wild_at = std::stoi(argv[i + 1]);
  }
  int size = 19;
  int played = 0;
  int analyses = 0;
  std::set<std::string> taken;
  std::string line;
  while (std::getline(std::cin, line)) {
    std::istringstream words(line);
    std::string command;
    words >> command;
    if (command.empty()) continue;
    if (command == "name") {
      answer("standin-kata");
    } else if (command == "version") {
      answer("1.0");
    } else if (command == "protocol_version") {
      answer("2");
    } else if (command == "list_commands") {
      answer("name\nversion\nlist_commands\nboardsize\nclear_board\nkomi\nplay\nkata-analyze\nquit");
    } else if (command == "boardsize") {
      words >> size;
      answer("");
    } else if (command == "clear_board") {
      taken.clear();
      played = 0;
      answer("");
    } else if (command == "komi") {
      answer("");
    } else if (command == "play") {
      std::string color, vertex;
      words >> color >> vertex;
      if (vertex != "pass" && vertex != "PASS") taken.insert(vertex);
      ++played;
      answer("");
    } else if (command == "kata-analyze") {
      ++analyses;
      if (!die_file.empty() && analyses == die_at && !std::filesystem::exists(die_file)) {
        std::ofstream(die_file) << "died\n";
        return 1;
      }
      std::vector<std::string> empty;
      for (int y = 0; y < size && empty.size() < 3; ++y) {
        for (int x = 0; x < size && empty.size() < 3; ++x) {
          if (!taken.count(point(x, y))) empty.push_back(point(x, y));
        }
      }
      // `played` counts set-up stones too: a test with handicap stones counts them in.
      std::cout << "=\n" << std::flush;
      for (int round = 1;; ++round) {
        pollfd in{STDIN_FILENO, POLLIN, 0};
        if (poll(&in, 1, 20) > 0) break;  // the next command ends the analysis
        double winrate = 0.40 + 0.01 * (played % 50);
        if (swing_at > 0 && played >= swing_at) winrate += played % 2 == 0 ? -0.3 : 0.3;  // Black's chance, 0.3 lower
        // From `--wild-at` stones on, a lead no board has: the server refuses such a report.
        const double lead = wild_at > 0 && played >= wild_at ? 5000 : 2.5 - played;
        std::cout << "info move " << empty[0] << " visits " << 60 * round << " winrate " << winrate << " scoreMean "
                  << lead + 9 << " scoreLead " << lead << " order 0 pv " << empty[0] << " " << empty[2] << " info move "
                  << empty[1] << " visits " << 40 * round << " winrate " << winrate - 0.1 << " scoreLead " << lead - 1
                  << " order 1 pv " << empty[1] << "\n"
                  << std::flush;
      }
      std::cout << "\n" << std::flush;
    } else if (command == "quit") {
      answer("");
      return 0;
    } else {
      std::cout << "? unknown command\n\n" << std::flush;
    }
  }
  return 0;
}
