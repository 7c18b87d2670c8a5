// Asio and Beast are compiled here, once for the whole program: every other
// translation unit sees only declarations (BOOST_*_SEPARATE_COMPILATION), which
// keeps each Beast-using file from re-instantiating the libraries' internals.
#include <boost/asio/impl/src.hpp>
#include <boost/beast/src.hpp>
