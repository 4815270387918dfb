// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Runs a fuzz harness once over each file in the directories (or files) given, as libFuzzer
// would replay them, without libFuzzer: ctest's way to keep every past finding fixed. A
// directory that is missing or holds no file fails, so a corpus cannot silently vanish.
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size);

int main(int argc, char **argv)
{
    namespace fs = std::filesystem;
    std::size_t total = 0;
    for (int i = 1; i < argc; ++i) {
        std::vector<fs::path> files;
        if (fs::is_directory(argv[i])) {
            for (const fs::directory_entry &e : fs::directory_iterator(argv[i]))
                if (e.is_regular_file() && e.path().filename() != "README.md")
                    files.push_back(e.path());
        } else if (fs::is_regular_file(argv[i])) {
            files.emplace_back(argv[i]);
        }
        if (files.empty()) {
            std::cerr << argv[i] << ": no input files\n";
            return 1;
        }
        for (const fs::path &file : files) {
            std::ifstream in(file, std::ios::binary);
            const std::string bytes{std::istreambuf_iterator<char>(in),
                                    std::istreambuf_iterator<char>()};
            std::cout << file.string() << " (" << bytes.size() << " bytes)" << std::endl;
            LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t *>(bytes.data()),
                                   bytes.size());
            ++total;
        }
    }
    std::cout << total << " inputs replayed, no crash\n";
    return total > 0 ? 0 : 1;
}
