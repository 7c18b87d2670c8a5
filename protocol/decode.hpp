// decode_request(): one text frame in, a validated typed request or an
// error carrying the contract's code, a message naming the field and the
// request id when it could be read. Never throws.
#pragma once

#include <string_view>

#include "core/expected.hpp"
#include "protocol/errors.hpp"
#include "protocol/requests.hpp"

namespace yunzi::protocol {

Expected<Envelope, DecodeError> decode_request(std::string_view text);

}  // namespace yunzi::protocol
