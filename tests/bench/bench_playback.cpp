// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Playback at scale: a ring all-reduce over a whole HPN pod (15,360 GPUs), then seeks anywhere in
// the timeline, forward playback frames (sample + colour + particle phase + repaint at
// fit-to-window into a 1920x1080 image, offscreen; without and with particles), a zoomed-in
// repaint with particles, link tooltip text and the heatmap. Prints figures for
// docs/performance.md; never fails on time. Usage: bench_playback [hpn|fat-tree|tpu-pod] [frames]
// [ring|alltoall] [RANKS] [coarse] [ROUTING] (RANKS: the all-to-all's, 256 unless given; coarse:
// --fidelity coarse; ROUTING: ecmp unless given, such as dor for the whole TPU pod reduced by its
// symmetry).

#include "generators/registry.h"
#include "canvas/fabriccanvas.h"
#include "collective/scenario.h"
#include "heatmap/heatmapdata.h"
#include "playback/loadsampler.h"
#include "playback/scenariorun.h"

#include "benchstats.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QImage>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

using namespace fabric;

int main(int argc, char **argv)
{
    if (!qEnvironmentVariableIsSet("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    const std::string which = argc > 1 ? argv[1] : "hpn";
    const int frames = argc > 2 ? std::atoi(argv[2]) : 120;
    // "ring": all-reduce over every GPU; "alltoall": all-to-all among the first RANKS GPUs (256:
    // 65,280 flows, a long timeline with many events).
    const std::string pattern = argc > 3 ? argv[3] : "ring";
    const std::string ranks = argc > 4 ? argv[4] : "256";
    const bool coarse = argc > 5 && std::string(argv[5]) == "coarse";
    const route::Policy routing
        = route::policyFromString(argc > 6 ? argv[6] : "ecmp").value_or(route::Policy::Ecmp);

    QElapsedTimer t;
    t.start();
    const Fabric fabric = which == "hpn" ? gen::generate("hpn", nlohmann::json::object())
        : which == "tpu-pod"
        ? gen::generate("tpu-torus", nlohmann::json{{"x", 16}, {"y", 16}, {"z", 16}})
        : gen::generate("ib-fat-tree", nlohmann::json{{"tiers", 3}, {"gpus", 16384}});
    std::printf("fabric %s: %zu nodes, %zu links, %zu GPUs, generated in %.0f ms\n",
                which.c_str(), fabric.nodeCount(), fabric.linkCount(), fabric.endpoints().size(),
                ms(t));

    collective::Scenario s;
    s.collective = collective::Collective::AllReduce;
    s.algorithm = collective::Algorithm::Ring;
    s.bytes = 1073741824.0;
    s.routing = routing;
    if (pattern == "alltoall") {
        s.collective = collective::Collective::AllToAll;
        s.algorithm = collective::Algorithm::Direct;
        s.ranks = ranks;
        s.bytes = std::stod(ranks) * 1048576.0; // 1 MiB a pair
    }
    if (coarse)
        s.fidelity = collective::Fidelity::Coarse;
    t.restart();
    const auto run = views::makeRun(fabric, s);
    const sim::Timeline &tl = run->result.timeline;
    std::printf("%s, %s: %zu flows (%zu simulated), simulated %.3f s in %.0f ms; timeline "
                "%zu intervals, %zu deltas, %zu keyframes, %.1f MiB\n",
        pattern == "ring" ? "ring all-reduce 1 GiB"
                          : ("all-to-all, 1 MiB a pair, among " + ranks + " GPUs").c_str(),
        std::string(route::toString(routing)).c_str(),
        run->flows().size() * run->result.timeline.multiplicity(), run->flows().size(),
        run->result.completionS, ms(t), tl.intervalCount(), tl.deltaCount(), tl.keyframeCount(),
        double(tl.memoryBytes()) / 1048576.0);

    // Seeks anywhere: random times, back and forth.
    views::LoadSampler sampler(run->result);
    std::mt19937_64 rng(7);
    std::uniform_real_distribution<double> anywhere(0.0, run->result.completionS);
    std::vector<double> seeks;
    for (int i = 0; i < 200; ++i) {
        const double at = anywhere(rng);
        t.restart();
        sampler.seek(at);
        seeks.push_back(ms(t));
    }
    const Stats seek = stats(seeks);
    std::printf("seek anywhere (200 random, LoadSampler: cursor + utilisation of %zu directed "
                "links): median %.2f ms, p95 %.2f ms, max %.2f ms\n",
                run->result.links.size(), seek.median, seek.p95, seek.max);

    // Forward playback at fit-to-window: sample, colour the canvas, repaint 1920x1080.
    // Shown, without scroll bars or frame, so the viewport really is 1920x1080 at fit, and
    // repainted through the real paint path (the viewport's paintEvent, draw plan, layers).
    views::FabricCanvas canvas;
    canvas.setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    canvas.setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    canvas.setFrameShape(QFrame::NoFrame);
    canvas.resize(1920, 1080);
    canvas.show();
    t.restart();
    canvas.setFabric(&fabric);
    canvas.zoomToFit();
    const double fitScale = canvas.transform().m11();
    std::printf("canvas set up in %.0f ms\n", ms(t));
    QImage image(1920, 1080, QImage::Format_ARGB32_Premultiplied);
    // Twice: without particles, then with them (the app's default), the phase advancing by a
    // 30 fps frame each time as PlaybackClock::animationPhaseS() would.
    for (const bool particles : {false, true}) {
        canvas.setParticlesEnabled(particles);
        std::vector<double> sample, colour, paint, total;
        int drawn = 0;
        for (int i = 0; i < frames; ++i) {
            const double at = run->result.completionS * (i + 0.5) / frames;
            QElapsedTimer f;
            f.start();
            sampler.seek(at);
            sample.push_back(ms(f));
            QElapsedTimer c;
            c.start();
            canvas.setLinkLoads(sampler.utilisation());
            const std::vector<int> badges = sampler.badges(2);
            canvas.setLinkBadges(badges);
            canvas.setParticlePhase(i / 30.0);
            colour.push_back(ms(c));
            QElapsedTimer p;
            p.start();
            image.fill(Qt::white);
            canvas.viewport()->render(&image);
            paint.push_back(ms(p));
            total.push_back(ms(f));
            drawn = std::max(drawn, canvas.lastParticleCount());
        }
        if (particles && qEnvironmentVariableIsSet("BENCH_PLAYBACK_SHOTS"))
            image.save(qEnvironmentVariable("BENCH_PLAYBACK_SHOTS") + QStringLiteral("/playback-fit.png"));
        const Stats s1 = stats(sample), s2 = stats(colour), s3 = stats(paint), s4 = stats(total);
        std::printf("playback frame %s particles (%d frames%s): sample median %.2f ms, colour %.2f "
                    "ms, repaint %.2f ms; whole frame median %.2f ms, p95 %.2f ms -> %.0f fps\n",
                    particles ? "with" : "without", frames,
                    particles ? qPrintable(QStringLiteral(", up to %1 particles").arg(drawn)) : "",
                    s1.median, s2.median, s3.median, s4.median, s4.p95,
                    s4.median > 0 ? 1000.0 / s4.median : 0.0);
    }
    // Zoomed in x8 on the first GPU (the all-to-all's ranks are the first GPUs), then further
    // until links are drawn one by one,
    // playing on: individual links with their particles and flow-count badges, which are
    // placed again each frame (the counts change) so that none overprints another.
    canvas.zoomBy(8);
    canvas.centerOn(canvas.nodePosition(fabric.endpoints().front()));
    for (int more = 0; more < 4 && !canvas.showsDetail(); ++more) {
        canvas.zoomBy(2);
        canvas.viewport()->render(&image); // the plan follows the zoom at the next paint
    }
    {
        std::vector<double> paint;
        int drawn = 0;
        std::size_t badgesShown = 0;
        for (int i = 0; i < std::max(10, frames / 4); ++i) {
            sampler.seek(run->result.completionS * (0.4 + 0.2 * i / std::max(10, frames / 4)));
            canvas.setLinkLoads(sampler.utilisation());
            canvas.setLinkBadges(sampler.badges(2));
            canvas.setParticlePhase(i / 30.0);
            QElapsedTimer p;
            p.start();
            image.fill(Qt::white);
            canvas.viewport()->render(&image);
            paint.push_back(ms(p));
            drawn = std::max(drawn, canvas.lastParticleCount());
            badgesShown = std::max(badgesShown, canvas.shownBadges().size());
        }
        const Stats s5 = stats(paint);
        // BENCH_PLAYBACK_SHOTS=DIR keeps the last fit and zoomed frames, to look at them.
        if (qEnvironmentVariableIsSet("BENCH_PLAYBACK_SHOTS"))
            image.save(qEnvironmentVariable("BENCH_PLAYBACK_SHOTS") + QStringLiteral("/playback-zoomed.png"));
        std::printf("zoomed x%.0f (%s), particles and badges on, counts changing each frame: "
                    "repaint median %.2f ms, p95 %.2f ms, up to %d particles and %zu badges\n",
            canvas.transform().m11() / fitScale, canvas.showsDetail() ? "detail" : "blocks",
            s5.median, s5.p95, drawn, badgesShown);
    }
    // Link tooltips during the run: describe every link once at the current time.
    {
        QElapsedTimer d;
        d.start();
        std::size_t chars = 0;
        fabric.forEachLink([&](const Link &l) { chars += sampler.describeLink(fabric, l.id).size(); });
        std::printf("link tooltip text (LoadSampler::describeLink): %.2f us per link (%zu links)\n",
                    ms(d) * 1000.0 / double(fabric.linkCount()), fabric.linkCount());
    }

    t.restart();
    const views::HeatmapData h = views::HeatmapData::build(fabric, run->result);
    std::printf("heatmap %d rows x %d bins (banded: %s) built in %.0f ms\n", h.rowCount(),
                h.binCount(), h.isBanded() ? "yes" : "no", ms(t));
    std::printf("RSS %ld MiB\n", rssMiB());
    return 0;
}
