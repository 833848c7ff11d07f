// The files of the pages (server/assets/), compiled into the program by cmake/embed_files.cmake:
// `referee serve` answers them from memory, and whatever installs the program installs them.
#pragma once

#include <string_view>
#include <vector>

namespace referee::server {

struct PageFile {
  std::string_view name;   // the file's name in server/assets/: "seat.html"
  std::string_view bytes;  // its content, as shipped
};

// Every file of server/assets/, in the order server/CMakeLists.txt lists them.
const std::vector<PageFile>& PageFiles();

}  // namespace referee::server
