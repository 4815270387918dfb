// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "resiliencepage.h"

#include "charts/chartdata.h"
#include "charts/chartpanel.h"
#include "common/keyboardfocus.h"
#include "common/plural.h"
#include "common/qtstrings.h"
#include "dockwords.h"
#include "model/error.h"
#include "playback/scenariorun.h"
#include "scrollable.h"
#include "workerthread.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QMetaObject>
#include <QPointer>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QVBoxLayout>

#include <algorithm>
#include <thread>

namespace fabric::app {

using views::toQString;

namespace {
/// Sweep runs at once: the machine's cores, as the CLI's --threads allows (1 to 64).
unsigned sweepThreads()
{
    return std::clamp(std::thread::hardware_concurrency(), 1u, 64u);
}
} // namespace

ResiliencePage::ResiliencePage(QWidget *parent)
    : QWidget(parent)
    , mWorker(new WorkerThread(this))
{
    mRole = new QComboBox(this);
    mRole->setToolTip(tr("What fails, one element at a time"));
    mRun = new QPushButton(tr("Run Sweep"), this);
    mRun->setToolTip(tr("Run the scenario once per single failure of every element of the role"));
    mCancel = new QPushButton(tr("Cancel"), this);
    mCancel->setEnabled(false);
    mProgress = new QProgressBar(this);
    mProgress->setRange(0, 1);
    mProgress->setValue(0);
    mStatus = new QLabel(tr("Pick what fails and run the sweep: then click a bar to load that "
                            "failure."),
                         this);
    mStatus->setWordWrap(true);
    mStatus->setTextInteractionFlags(Qt::TextSelectableByMouse);
    mChart = new views::ChartPanel;
    mScroll = scrollable(mChart);

    auto *row = new QHBoxLayout;
    row->addWidget(new QLabel(tr("Fail each:"), this));
    row->addWidget(mRole);
    row->addWidget(mRun);
    row->addWidget(mProgress, 1);
    row->addWidget(mCancel);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addLayout(row);
    layout->addWidget(mStatus);
    layout->addWidget(mScroll, 1);

    connect(mRun, &QPushButton::clicked, this, &ResiliencePage::runRequested);
    connect(mCancel, &QPushButton::clicked, this, &ResiliencePage::cancel);
    connect(mChart, &views::ChartPanel::barClicked, this, &ResiliencePage::chooseBar);
    setFabric(nullptr);
}

void ResiliencePage::setFabric(const Fabric *fabric)
{
    const QString chosen = role();
    mRole->clear();
    // leaf and tor name the same switches, as do spine and aggregation: one name each, the
    // one the canvas gives the tier (ToR and Aggregation on HPN), so no two entries run the
    // same sweep.
    const bool hpn = fabric && fabric->generator().family == "hpn";
    const auto synonym = [&](std::string_view name) {
        return hpn ? name == "leaf" || name == "spine" : name == "tor" || name == "aggregation";
    };
    if (fabric)
        for (const std::string_view name : faultRoles())
            if (!synonym(name) && hasFaultCandidates(*fabric, name))
                mRole->addItem(toQString(std::string(name)));
    setRole(chosen);
    mRun->setEnabled(!isRunning() && mRole->count() > 0);
}

QString ResiliencePage::role() const
{
    return mRole->currentText();
}

bool ResiliencePage::setRole(const QString &role)
{
    const int index = mRole->findText(role);
    if (index >= 0)
        mRole->setCurrentIndex(index);
    return index >= 0;
}

QStringList ResiliencePage::roles() const
{
    QStringList out;
    for (int i = 0; i < mRole->count(); ++i)
        out << mRole->itemText(i);
    return out;
}

bool ResiliencePage::isRunning() const
{
    return mWorker->isRunning();
}

void ResiliencePage::waitForIdle()
{
    mWorker->waitForIdle();
}

void ResiliencePage::setRunning(bool running)
{
    mProgress->setFormat(QStringLiteral("%p%"));
    // The button with the focus is about to be disabled, and Qt would hand the focus on to
    // whatever comes next in the window (the playback bar): pass it to its twin instead, so
    // Space can cancel the sweep it started, and Run Sweep has the focus back when it ends
    // (Tab goes on from there into the chart).
    QPushButton *from = running ? mRun : mCancel;
    QPushButton *to = running ? mCancel : mRun;
    const bool handOver = from->hasFocus();
    // The twin shows the keyboard's frame if the button did: not after a click.
    const bool fromKeyboard = views::FocusFrameOverlay::isShownOn(*from);
    to->setEnabled(running || mRole->count() > 0);
    if (handOver)
        to->setFocus(fromKeyboard ? Qt::TabFocusReason : Qt::MouseFocusReason);
    from->setEnabled(false);
    mRole->setEnabled(!running);
}

bool ResiliencePage::start(const Fabric &fabric, const collective::Scenario &scenario)
{
    if (isRunning() || role().isEmpty())
        return false;
    collective::Scenario healthy = scenario;
    healthy.faults.clear();
    clear();
    mScenario = healthy;
    const quint64 generation = mGeneration;
    const std::string roleName = role().toStdString();
    const QString label = views::scenarioLabel(healthy);
    auto snapshot = std::make_shared<const Fabric>(fabric);
    QPointer<ResiliencePage> self(this);
    auto job = [self, snapshot, healthy, roleName, label, generation](
                   const std::atomic<bool> &cancel) -> WorkerThread::Outcome {
        const auto progress = [self, generation](std::size_t done, std::size_t total) {
            QMetaObject::invokeMethod(
                self,
                [self, done, total, generation] {
                    // A sweep being cancelled reports rows until it stops: cleared for another
                    // fabric, the bar read 22% under it.
                    if (self && self->isRunning() && generation == self->mGeneration) {
                        self->showRunsDone(done, total);
                    }
                },
                Qt::QueuedConnection);
        };
        collective::ResilienceResult r = collective::runResilience(
            *snapshot, healthy, roleName, sweepThreads(), progress,
            [&cancel] { return cancel.load(); });
        if (r.cancelled && r.rows.empty())
            return [self, generation] {
                self->setRunning(false);
                // Cancelled because the fabric changed: the page already says so.
                if (generation != self->mGeneration)
                    return;
                self->mScenario.reset();
                self->mProgress->setRange(0, 1);
                self->mProgress->setValue(0);
                self->mStatus->setText(tr("Cancelled."));
            };
        return [self, r = std::move(r), label, generation]() mutable {
            self->setRunning(false);
            if (generation == self->mGeneration)
                self->show(std::move(r), label);
        };
    };
    const bool started = mWorker->start(
        job,
        [self, generation](const QString &message) {
            self->setRunning(false);
            if (generation != self->mGeneration)
                return;
            self->mScenario.reset();
            self->mStatus->setText(inDockWords(message));
        },
        tr("The sweep failed: %1"));
    if (started) {
        setRunning(true);
        mProgress->setRange(0, 0); // busy until the first row is done
        mStatus->setText(tr("Running the scenario once healthy and once per failed %1\u2026")
                             .arg(role()));
    }
    return started;
}

void ResiliencePage::cancel()
{
    mWorker->cancel();
}

void ResiliencePage::clear(const QString &why)
{
    const bool hadResults = !mResult.rows.empty() || isRunning();
    ++mGeneration;
    mWorker->cancel();
    mResult = {};
    mScenario.reset();
    views::ChartSpec none;
    none.emptyNote = tr("No sweep yet: pick what fails and press Run Sweep. The scenario runs "
                        "once per failed element; the slowdowns show here, worst first.");
    mChart->setSpec(none);
    mChart->setMinimumHeight(0);
    mProgress->setRange(0, 1);
    mProgress->setValue(0);
    if (hadResults && !why.isEmpty())
        mStatus->setText(why);
}

void ResiliencePage::showRunsDone(std::size_t done, std::size_t total)
{
    mProgress->setRange(0, int(total));
    mProgress->setValue(int(done));
    // A sweep of 2,049 runs read "2%" for minutes: how many of how many.
    mProgress->setFormat(tr("%v of %m runs"));
}

void ResiliencePage::show(collective::ResilienceResult result, const QString &scenarioLabel)
{
    mResult = std::move(result);
    if (mResult.cancelled) { // how far it got
        showRunsDone(mResult.rows.size(), mResult.candidates);
    } else {
        mProgress->setRange(0, 1);
        mProgress->setValue(1);
    }
    const views::ChartSpec spec = views::charts::resilience(mResult, scenarioLabel);
    mChart->setMinimumHeight(views::charts::horizontalBarsHeight(spec.categories.size()));
    mChart->setSpec(spec);
    mScroll->ensureVisible(0, 0);
    // The summary is the chart's subtitle, right below.
    if (mResult.cancelled)
        mStatus->setText(tr("Cancelled after %1 of %2 runs: the failures that finished are "
                            "shown, worst first. Click a bar to load that failure.")
                             .arg(mResult.rows.size())
                             .arg(mResult.candidates));
    else
        mStatus->setText(views::counted(qint64(mResult.rows.size()),
            tr("1 single %1 failure. Click its bar to load it."),
            tr("%1 single %2 failures, worst first. Click a bar to load that failure."))
                             .arg(toQString(mResult.role)));
    Q_EMIT finished();
}

void ResiliencePage::chooseBar(int index)
{
    if (index < 0 || std::size_t(index) >= mResult.rows.size())
        return;
    const std::string &text = mResult.rows[std::size_t(index)].failed;
    try {
        Fault fault = parseFault(text);
        fault.kept = 0.0;
        Q_EMIT failureChosen(fault);
    } catch (const UserError &e) {
        mStatus->setText(tr("Cannot load %1: %2").arg(toQString(text), QString::fromUtf8(e.what())));
    }
}

} // namespace fabric::app
