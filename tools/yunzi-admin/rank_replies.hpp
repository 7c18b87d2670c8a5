// The text of the rank tools' list replies: the review list of short rated
// games and the 6d recommendations, each with the command for the next page.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

namespace yunzi::admin {

std::string describe_review(const nlohmann::json& reply);
std::string describe_recommendations(const nlohmann::json& request, const nlohmann::json& reply);

}  // namespace yunzi::admin
