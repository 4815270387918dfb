// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "hostlist.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <tuple>
#include <utility>

namespace fabric::io::slurm {
namespace {

/// One bracket: a prefix and the digit count of its numbers ("host", 2 for host01..host99).
/// Numbers of other widths go in their own bracket, since "host[1-10]" would not say host01;
/// names without a number have width npos and stand alone.
struct Stem
{
    std::string prefix;
    std::size_t width = 0;
    bool operator<(const Stem &o) const
    {
        return std::tie(prefix, width) < std::tie(o.prefix, o.width);
    }
};

std::string ranges(std::vector<unsigned long long> numbers, std::size_t width)
{
    std::sort(numbers.begin(), numbers.end());
    numbers.erase(std::unique(numbers.begin(), numbers.end()), numbers.end());
    auto padded = [width](unsigned long long v) {
        std::string s = std::to_string(v);
        return std::string(width > s.size() ? width - s.size() : 0, '0') + s;
    };
    std::string out;
    for (std::size_t i = 0; i < numbers.size();) {
        std::size_t j = i;
        while (j + 1 < numbers.size() && numbers[j + 1] == numbers[j] + 1)
            ++j;
        out += (out.empty() ? "" : ",") + padded(numbers[i]);
        if (j > i)
            out += "-" + padded(numbers[j]);
        i = j + 1;
    }
    return out;
}

} // namespace

std::string compressHostList(const std::vector<std::string> &names)
{
    std::vector<Stem> order;
    std::map<Stem, std::vector<unsigned long long>> numbers;
    for (const std::string &name : names) {
        std::size_t digits = 0;
        while (digits < name.size() && digits < 18
            && std::isdigit(static_cast<unsigned char>(name[name.size() - 1 - digits])))
            ++digits;
        if (digits == 0) {
            order.push_back({ name, std::string::npos });
            continue;
        }
        const Stem stem { name.substr(0, name.size() - digits), digits };
        if (!numbers.count(stem))
            order.push_back(stem);
        numbers[stem].push_back(std::stoull(name.substr(name.size() - digits)));
    }
    std::string out;
    for (const Stem &stem : order) {
        std::string item;
        if (stem.width == std::string::npos) {
            item = stem.prefix;
        } else {
            const auto &list = numbers[stem];
            const std::string r = ranges(list, stem.width);
            item = stem.prefix + (r.find_first_of(",-") == std::string::npos ? r : "[" + r + "]");
        }
        out += (out.empty() ? "" : ",") + item;
    }
    return out;
}

} // namespace fabric::io::slurm
