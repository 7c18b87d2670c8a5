// The payload structs as JSON values with the contract's field names; the
// building blocks of replies and events. Vertices need the board size.
#pragma once

#include <memory>
#include <string>

#include <nlohmann/json.hpp>

#include "protocol/payloads.hpp"

namespace yunzi::protocol {

// One encoded message, shared by every recipient.
using Frame = std::shared_ptr<const std::string>;
// Serialises compactly; text that is not UTF-8 is repaired, never thrown on.
Frame make_frame(const nlohmann::json& message);

nlohmann::json to_json(const UserInfo& user);
nlohmann::json to_json(const PlayerRef& player);
nlohmann::json to_json(const TimeControl& time);
nlohmann::json to_json(const GameSettings& settings);
nlohmann::json to_json(const SideClock& side);
nlohmann::json to_json(const ClockState& clock);
nlohmann::json to_json(const GameSnapshot& snapshot);
nlohmann::json to_json(const SeekInfo& seek);
nlohmann::json to_json(const ChallengeInfo& challenge);
nlohmann::json to_json(const LobbyGame& game);
nlohmann::json to_json(const GameSummary& game);
nlohmann::json to_json(const RankChange& change);
nlohmann::json to_json(const Score& score);
nlohmann::json to_json(const AreaCount& count, int size);
nlohmann::json to_json(const RankProgress& progress);
nlohmann::json to_json(const RankEvent& event);
nlohmann::json to_json(const ReportEntry& report);
nlohmann::json to_json(const AuditEntry& entry);
nlohmann::json to_json(const ReviewEntry& entry);
nlohmann::json to_json(const RecommendationEntry& entry);
nlohmann::json to_json(const ClientTime& time);

nlohmann::json vertex_json(const std::optional<engine::Vertex>& vertex, int size);  // "Q16" or "pass"
nlohmann::json vertices_json(const std::vector<engine::Vertex>& vertices, int size);

template <class T>
nlohmann::json list_json(const std::vector<T>& items) {
  nlohmann::json out = nlohmann::json::array();
  for (const T& item : items) out.push_back(to_json(item));
  return out;
}

}  // namespace yunzi::protocol
