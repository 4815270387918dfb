// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

/// The one place that converts and formats units for people. Names in the code carry their
/// unit (capacityGbps, latencyNs, bytes); these helpers turn them into text and back.
namespace fabric::units {

inline constexpr double kBitsPerByte = 8.0;

/// Gb/s (10^9 bit/s) to bytes per second.
constexpr double gbpsToBytesPerSecond(double gbps) { return gbps * 1e9 / kBitsPerByte; }
/// Bytes per second to GB/s (10^9 bytes/s), the unit nccl-tests reports algbw/busbw in.
constexpr double bytesPerSecondToGBps(double bps) { return bps / 1e9; }
constexpr double nsToSeconds(double ns) { return ns * 1e-9; }

/// The largest size parseBytes() takes: 2^60 bytes (1 EiB).
inline constexpr double kMaxBytes = 1152921504606846976.0;
/// Parses a size such as "1GiB", "64MB", "4096", "1.5 KiB" (binary and decimal prefixes, B
/// optional, case-insensitive prefixes; digit groups as formatBytes writes them, "1,000 MiB").
/// nullopt when the text is not a size, is negative, not finite, not a whole number of bytes
/// ("1.5") or above kMaxBytes.
std::optional<double> parseBytes(std::string_view text);

/// printf's "%.*f" (@p decimals after the point), always with a '.': the C locale's decimal
/// point is the user's in a Qt program (German: ','), and these strings go into files and CSV.
std::string formatFixed(double value, int decimals);
/// printf's "%.*g" (@p digits significant digits), always with a '.'.
std::string formatSignificant(double value, int digits);
/// @p value with at most @p maxDecimals decimals and no trailing zeros: "0.0005", "1.07", "3".
std::string formatDecimal(double value, int maxDecimals);
/// A count with groups of three digits, for people: "15,360", "471,828,480", "64".
std::string formatCount(std::uint64_t count);
/// The count and its noun: "1 flow", "4,032 flows".
std::string formatCount(std::uint64_t count, std::string_view one, std::string_view many);
/// @p unit as it reads after the number @p value: a unit that names things is a plural noun
/// ("GPUs", "spare cubes") and reads in the singular after 1 ("1 GPU"); a unit of measure
/// ("ns", "Gb/s") reads the same after any number.
std::string unitAfter(double value, std::string_view unit);
/// "1 GiB", "64 MiB", "512 B": binary prefixes, up to 3 significant digits.
std::string formatBytes(double bytes);
/// "400 Gb/s", "3.6 Tb/s".
std::string formatGbps(double gbps);
/// "82 ns", "5.25 s", "1.2 ms", "3.4 µs", "20 ps"; "1e+15 s" from a million seconds on; "n/a"
/// for a figure a run cannot give (NaN).
std::string formatSeconds(double seconds);
/// "50 GB/s" (decimal, as nccl-tests); "n/a" for NaN.
std::string formatGBps(double gigabytesPerSecond);
/// A down:up ratio such as oversubscription: "1:1", "7:1", "1.07:1"; below 1 it reads "1:2";
/// "-" when @p ratio is not positive.
std::string formatRatio(double ratio);

} // namespace fabric::units
