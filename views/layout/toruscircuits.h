// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/fabric.h"

#include <QString>

#include <vector>

namespace fabric::views {

/// One OCS circuit of a torus read as what it does: a hop between two chips.
struct TorusCircuit
{
    NodeId ocs = kNoNode;
    int portA = -1, portB = -1;        ///< The OCS ports of fibreA and fibreB.
    LinkId fibreA = kNoLink, fibreB = kNoLink;
    /// For a wrap-around chipA is the last chip along dim and chipB the first; for a step
    /// chipA is the lower one.
    NodeId chipA = kNoNode, chipB = kNoNode;
    int dim = -1;       ///< The dimension it joins chips along, -1 when it does not.
    bool wraps = false; ///< Closes the ring of dim (last chip to first).
    /// chipB minus chipA along each dimension, modulo the extent; 0 along dim for a plain step.
    int shift[3] = {0, 0, 0};
};

/// A wrap-around that lands shifted: dimension dim's wrap moves @c by chips along @c along.
struct TwistShift
{
    int dim = -1, along = -1, by = 0;
    int circuits = 0; ///< How many wrap-around circuits of dim land shifted so.
};

/// The circuits of every OCS between two torus chips, and the torus extents they are read in.
struct TorusCircuits
{
    int extent[3] = {0, 0, 0};
    std::vector<TorusCircuit> circuits;
    /// The index in circuits of each fibre's circuit, by link id; -1 for other links.
    std::vector<int> byFibre;

    /// The shifts of the twisted wrap-arounds, by dimension then shifted dimension: derived from
    /// the circuits, so a reconfigured or hand-made table shows what it really does. A shift
    /// most of a dimension's wrap-arounds share is reported; none for a plain torus.
    std::vector<TwistShift> twists() const;
};

/// Reads the circuit tables of @p fabric's OCS against its chips' x, y, z hints.
TorusCircuits torusCircuits(const Fabric &fabric);

/// "X", "Y" or "Z".
QString dimensionName(int dim);
/// How much a twist caption says.
enum class CaptionLength { Full, Short };
/// "Y wrap-around lands shifted by 4 in Z"; twists that shift alike share a phrase ("X and Y
/// wrap-arounds land shifted by 4 in Z"), so the canvas caption stays short enough to clear
/// the legend on a projector. Short: "X, Y wrap-arounds +4 in Z", for a narrow canvas.
QString twistCaption(
    const std::vector<TwistShift> &twists, CaptionLength length = CaptionLength::Full);

} // namespace fabric::views
