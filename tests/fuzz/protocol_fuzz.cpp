// decode_request() on arbitrary bytes: it must return a value or an error,
// never crash or throw; an accepted request's type must be known and an
// error must encode to a reply that parses back.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include <nlohmann/json.hpp>

#include "protocol/decode.hpp"
#include "protocol/replies.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const auto decoded = yunzi::protocol::decode_request(text);
  if (decoded) {
    if (yunzi::protocol::type_of(decoded->request).empty()) std::abort();
    return 0;
  }
  const auto reply = yunzi::protocol::encode_error(decoded.error());
  if (nlohmann::json::parse(*reply, nullptr, false).is_discarded()) std::abort();
  return 0;
}
