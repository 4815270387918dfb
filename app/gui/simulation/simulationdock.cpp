// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "simulationdock.h"

#include "common/qtstrings.h"
#include "model/error.h"
#include "model/units.h"
#include "scenariocheck.h"
#include "scrollable.h"
#include "wheelguard.h"
#include "wrappinglabel.h"

#include <QButtonGroup>
#include <QComboBox>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QSpinBox>
#include <QToolButton>
#include <QVBoxLayout>

namespace fabric::app {

using views::toQString;

namespace {
const QStringList kToggle = {QStringLiteral("ecmp"), QStringLiteral("ecmp-polarized"),
                             QStringLiteral("static"), QStringLiteral("adaptive"),
                             QStringLiteral("spray")};
const std::vector<collective::Collective> kCollectives = {
    collective::Collective::AllReduce, collective::Collective::AllGather,
    collective::Collective::ReduceScatter, collective::Collective::AllToAll,
    collective::Collective::Broadcast, collective::Collective::SendRecv};

/// A size as the dock's fields take it: "64MiB".
QString sizeText(double bytes)
{
    return toQString(units::formatBytes(bytes)).remove(QLatin1Char(' '));
}
} // namespace

SimulationDock::SimulationDock(QWidget *parent)
    : QDockWidget(tr("Simulation"), parent)
{
    setObjectName(QStringLiteral("SimulationDock"));
    auto *body = new QWidget;
    auto *form = new QFormLayout;

    mCollective = new QComboBox(body);
    for (const auto c : kCollectives)
        mCollective->addItem(toQString(collective::toString(c)), int(c));
    mAlgorithm = new QComboBox(body);
    mRouting = new QComboBox(body);
    for (const auto name : route::policyNames())
        mRouting->addItem(toQString(name), toQString(name));
    mSize = new QLineEdit(QStringLiteral("1GiB"), body);
    mSize->setToolTip(tr("Message size S with units: 1GiB, 64MB, 4096"));
    mRanks = new QLineEdit(QStringLiteral("all"), body);
    mRanks->setToolTip(tr("'all', a count (the first N in placement order) or GPU names "
                          "separated by commas"));
    auto *fromSelection = new QToolButton(body);
    fromSelection->setText(tr("Selection"));
    fromSelection->setToolTip(tr("Use the GPUs selected on the canvas as ranks"));
    auto *ranksRow = new QHBoxLayout;
    ranksRow->addWidget(mRanks, 1);
    ranksRow->addWidget(fromSelection);
    mPlacement = new QComboBox(body);
    for (const auto p : {collective::Placement::Packed, collective::Placement::Spread,
                         collective::Placement::Random})
        mPlacement->addItem(toQString(collective::toString(p)), int(p));
    mQps = new QSpinBox(body);
    mQps->setRange(1, 64);
    mQps->setToolTip(tr("QPs per connection: each is hashed on its own (Meta used 16)"));
    mSeed = new QSpinBox(body);
    mSeed->setRange(0, 1 << 30);
    mSeed->setValue(1);
    mFidelity = new QComboBox(body);
    mFidelity->setObjectName(QStringLiteral("fidelity"));
    mFidelity->addItem(tr("exact"), int(collective::Fidelity::Exact));
    mFidelity->addItem(tr("coarse (faster, completion within 1%)"),
                       int(collective::Fidelity::Coarse));
    mFidelity->setToolTip(tr("Coarse ends together the flows due to finish within 0.1% of their "
                             "own transfer time: an all-to-all of a thousand GPUs under ECMP in "
                             "seconds instead of minutes, with its completion within 1% of an "
                             "exact run"));
    mMemoryLimit = new QLineEdit(sizeText(collective::Scenario {}.maxMemoryBytes), body);
    mMemoryLimit->setObjectName(QStringLiteral("memoryLimit"));
    mMemoryLimit->setToolTip(tr("A run estimated to need more memory than this is refused "
                                "before it starts (an all-to-all of thousands of ranks can "
                                "need gigabytes); raise it to try anyway"));
    mName = new QLineEdit(body);
    mName->setObjectName(QStringLiteral("scenarioName"));
    mName->setPlaceholderText(tr("automatic"));
    mName->setToolTip(tr("The name the run is saved under in the document"));

    // Routing third: what most comparisons turn on, in view in the short dock presentation
    // mode leaves the controls on a 1280x720 projector.
    form->addRow(tr("Collective"), mCollective);
    form->addRow(tr("Algorithm"), mAlgorithm);
    form->addRow(tr("Routing"), mRouting);
    form->addRow(tr("Size"), mSize);
    form->addRow(tr("Ranks"), ranksRow);
    form->addRow(tr("Placement"), mPlacement);
    form->addRow(tr("QPs"), mQps);
    form->addRow(tr("Seed"), mSeed);
    form->addRow(tr("Fidelity"), mFidelity);
    form->addRow(tr("Memory limit"), mMemoryLimit);
    form->addRow(tr("Name"), mName);

    // One click switches the routing and re-runs.
    auto *toggleRow = new QHBoxLayout;
    toggleRow->setSpacing(2);
    // Not exclusive: in an exclusive group the arrow keys click the next button, and each
    // click re-runs (arrowing from ecmp to adaptive ran twice on the way), and only the checked
    // one takes Tab. syncToggle() checks the routing's own button instead; the arrow keys move
    // between the buttons (eventFilter), Space runs the one with the focus.
    mToggle = new QButtonGroup(this);
    mToggle->setExclusive(false);
    for (const QString &name : kToggle) {
        auto *b = new QPushButton(name, body);
        b->installEventFilter(this);
        b->setCheckable(true);
        b->setObjectName(name);
        // The arrow keys are this row's own: say so where a keyboard user meets it.
        b->setToolTip(
            tr("Re-run with %1 routing (Space). Left and Right move to the other routings.")
                .arg(name));
        mToggle->addButton(b);
        toggleRow->addWidget(b);
    }

    mRun = new QPushButton(tr("Run"), body);
    mCancel = new QPushButton(tr("Cancel"), body);
    mCancel->setEnabled(false);
    mProgress = new QProgressBar(body);
    mProgress->setTextVisible(false);
    resetProgress();
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(mRun);
    buttons->addWidget(mCancel);
    buttons->addWidget(mProgress, 1);

    mProblem = new WrappingLabel(body);
    mProblem->setStyleSheet(QStringLiteral("color: #b00020"));
    mStatus = new WrappingLabel(body);

    // The faults in force: the canvas's context menu adds them.
    auto *faultBox = new QGroupBox(tr("Faults"), body);
    mFaultList = new QListWidget(faultBox);
    mFaultList->setObjectName(QStringLiteral("faultList"));
    mFaultList->setSelectionMode(QAbstractItemView::ExtendedSelection);
    mFaultList->setMaximumHeight(110);
    mFaultList->setToolTip(tr("Elements the next run fails (NAME, A--B) or degrades (@F: the "
                              "fraction of capacity kept)"));
    mFaultHint = new QLabel(tr("None. Right-click a node or a link on the canvas to fail or "
                               "degrade it."),
        faultBox);
    mFaultHint->setWordWrap(true);
    mRestoreFault = new QPushButton(tr("Restore"), faultBox);
    mRestoreFault->setObjectName(QStringLiteral("restoreFault"));
    mRestoreFault->setToolTip(tr("Put the selected elements back in service (Delete)"));
    mRestoreAllFaults = new QPushButton(tr("Restore All"), faultBox);
    mRestoreAllFaults->setObjectName(QStringLiteral("restoreAllFaults"));
    auto *faultButtons = new QHBoxLayout;
    faultButtons->addWidget(mRestoreFault);
    faultButtons->addWidget(mRestoreAllFaults);
    faultButtons->addStretch(1);
    auto *faultLayout = new QVBoxLayout(faultBox);
    faultLayout->addWidget(mFaultHint);
    faultLayout->addWidget(mFaultList);
    faultLayout->addLayout(faultButtons);
    // The Delete key restores while the list has the focus (eventFilter), not the window's
    // Delete, which removes the canvas selection from the fabric.
    mFaultList->installEventFilter(this);

    // The document's saved scenarios.
    auto *saved = new QGroupBox(tr("Saved scenarios"), body);
    mSaved = new QComboBox(saved);
    mSaved->setObjectName(QStringLiteral("savedScenarios"));
    mSaved->setToolTip(tr("Every run is saved with the fabric document; the last one runs again "
                          "when the file is opened"));
    mRunSaved = new QPushButton(tr("Run"), saved);
    mRunSaved->setObjectName(QStringLiteral("runSaved"));
    mRenameSaved = new QPushButton(tr("Rename\u2026"), saved);
    mRenameSaved->setObjectName(QStringLiteral("renameSaved"));
    mDeleteSaved = new QPushButton(tr("Delete"), saved);
    mDeleteSaved->setObjectName(QStringLiteral("deleteSaved"));
    auto *savedButtons = new QHBoxLayout;
    savedButtons->addWidget(mRunSaved);
    savedButtons->addWidget(mRenameSaved);
    savedButtons->addWidget(mDeleteSaved);
    auto *savedLayout = new QVBoxLayout(saved);
    savedLayout->addWidget(mSaved);
    savedLayout->addLayout(savedButtons);

    auto *layout = new QVBoxLayout(body);
    layout->addLayout(form);
    layout->addWidget(new QLabel(tr("Routing, one click re-runs:"), body));
    layout->addLayout(toggleRow);
    layout->addWidget(faultBox);
    layout->addWidget(saved);
    layout->addStretch(1);
    // The form scrolls; Run, Cancel, the progress and what went wrong stay in view below it,
    // however short the dock.
    auto *dockBody = new QWidget;
    auto *dockLayout = new QVBoxLayout(dockBody);
    dockLayout->setContentsMargins(0, 0, 0, 0);
    mFormScroll = scrollable(body);
    // Down to a row's height (a scroll area asks for about two): the lines below it, a run's
    // summary among them, come first in a short dock.
    mFormScroll->setMinimumHeight(32);
    dockLayout->addWidget(mFormScroll, 1);
    auto *footer = new QVBoxLayout;
    footer->setContentsMargins(9, 0, 9, 6);
    footer->addLayout(buttons);
    footer->addWidget(mProblem);
    footer->addWidget(mStatus);
    dockLayout->addLayout(footer);
    setWidget(dockBody);
    guardWheel(body);

    fillAlgorithms();
    connect(mCollective, &QComboBox::currentIndexChanged, this, [this] {
        fillAlgorithms();
        revalidate();
    });
    for (QComboBox *box : {mAlgorithm, mPlacement, mFidelity})
        connect(box, &QComboBox::currentIndexChanged, this, &SimulationDock::revalidate);
    connect(mRouting, &QComboBox::currentIndexChanged, this, [this] {
        syncToggle();
        revalidate();
    });
    for (QLineEdit *edit : { mSize, mRanks, mMemoryLimit })
        connect(edit, &QLineEdit::textChanged, this, &SimulationDock::revalidate);
    connect(mQps, &QSpinBox::valueChanged, this, &SimulationDock::revalidate);
    connect(fromSelection, &QToolButton::clicked, this, &SimulationDock::selectionRanksRequested);
    connect(mRun, &QPushButton::clicked, this, [this] {
        if (problem().isEmpty() && !mRunning)
            Q_EMIT runRequested(scenario());
    });
    connect(mCancel, &QPushButton::clicked, this, &SimulationDock::cancelRequested);
    connect(mToggle, &QButtonGroup::buttonClicked, this, [this](QAbstractButton *b) {
        mRouting->setCurrentIndex(mRouting->findData(b->objectName()));
        syncToggle(); // a click on the checked button unchecked it
        if (problem().isEmpty() && !mRunning)
            Q_EMIT runRequested(scenario());
    });
    connect(mRunSaved, &QPushButton::clicked, this, [this] {
        if (currentSaved() >= 0 && !mRunning)
            Q_EMIT runSavedRequested(currentSaved());
    });
    connect(mRenameSaved, &QPushButton::clicked, this, [this] {
        if (currentSaved() >= 0)
            Q_EMIT renameSavedRequested(currentSaved());
    });
    connect(mDeleteSaved, &QPushButton::clicked, this, [this] {
        if (currentSaved() >= 0)
            Q_EMIT deleteSavedRequested(currentSaved());
    });
    connect(mRestoreFault, &QPushButton::clicked, this, &SimulationDock::restoreSelected);
    connect(mRestoreAllFaults, &QPushButton::clicked, this, [this] {
        if (!mFaults.empty())
            Q_EMIT restoreAllFaultsRequested();
    });
    connect(mFaultList, &QListWidget::itemSelectionChanged, this,
        &SimulationDock::syncFaultButtons);
    syncToggle();
    syncSavedButtons();
    syncFaultButtons();
    revalidate();
    mDefaults = scenario();
}

void SimulationDock::resetScenario()
{
    collective::Scenario s = mDefaults;
    s.routing = mFabricRouting;
    setScenario(s);
    setScenarioName(QString());
}

void SimulationDock::setFabric(const Fabric *fabric)
{
    mFabric = fabric;
    // A torus routes by dimension order, a switch fabric hashes (route::defaultPolicy()). The
    // form follows the fabric while its routing is the previous fabric's default, not a choice.
    const route::Policy fits = fabric ? route::defaultPolicy(*fabric) : route::Policy::Ecmp;
    if (fits != mFabricRouting) {
        if (mRouting->currentData().toString() == toQString(route::toString(mFabricRouting)))
            mRouting->setCurrentIndex(mRouting->findData(toQString(route::toString(fits))));
        mFabricRouting = fits;
    }
    revalidate();
}

void SimulationDock::fillAlgorithms()
{
    const QString previous = mAlgorithm->currentText();
    const QSignalBlocker block(mAlgorithm);
    mAlgorithm->clear();
    const auto c = collective::Collective(mCollective->currentData().toInt());
    for (const auto a : collective::algorithmsFor(c))
        mAlgorithm->addItem(toQString(collective::toString(a)), int(a));
    const int keep = mAlgorithm->findText(previous);
    mAlgorithm->setCurrentIndex(keep >= 0 ? keep : 0);
}

collective::Scenario SimulationDock::scenario() const
{
    collective::Scenario s;
    s.collective = collective::Collective(mCollective->currentData().toInt());
    s.algorithm = collective::Algorithm(mAlgorithm->currentData().toInt());
    s.bytes = units::parseBytes(mSize->text().toStdString()).value_or(0.0);
    s.routing = route::policyFromString(mRouting->currentData().toString().toStdString())
                    .value_or(route::Policy::Ecmp);
    s.ranks = mRanks->text().trimmed().isEmpty() ? std::string("all")
                                                 : mRanks->text().trimmed().toStdString();
    s.placement = collective::Placement(mPlacement->currentData().toInt());
    s.qps = mQps->value();
    s.seed = std::uint64_t(mSeed->value());
    s.fidelity = collective::Fidelity(mFidelity->currentData().toInt());
    s.maxMemoryBytes = units::parseBytes(mMemoryLimit->text().toStdString()).value_or(0.0);
    s.faults = mFaults;
    if (s.collective == collective::Collective::Custom)
        s.trafficFile = mTrafficFile;
    return s;
}

void SimulationDock::setTrafficFile(const std::string &file)
{
    // A run of a traffic file (a saved scenario, the last run of a file opened) has a
    // Collective entry of its own, naming the file: with none, the form showed a blank
    // collective and Run ran a 1 GiB all-reduce in its place.
    mTrafficFile = file;
    const QSignalBlocker block(mCollective);
    if (const int custom = mCollective->findData(int(collective::Collective::Custom)); custom >= 0)
        mCollective->removeItem(custom);
    if (file.empty())
        return;
    const QString path = QString::fromStdString(file);
    mCollective->addItem(
        tr("traffic file %1").arg(QFileInfo(path).fileName()), int(collective::Collective::Custom));
    mCollective->setItemData(mCollective->count() - 1, path, Qt::ToolTipRole);
}

void SimulationDock::setScenario(const collective::Scenario &s)
{
    setTrafficFile(s.collective == collective::Collective::Custom ? s.trafficFile : std::string());
    mCollective->setCurrentIndex(mCollective->findData(int(s.collective)));
    fillAlgorithms();
    mAlgorithm->setCurrentIndex(std::max(0, mAlgorithm->findData(int(s.algorithm))));
    mSize->setText(sizeText(s.bytes));
    mRanks->setText(QString::fromStdString(s.ranks));
    mPlacement->setCurrentIndex(mPlacement->findData(int(s.placement)));
    mRouting->setCurrentIndex(mRouting->findData(toQString(route::toString(s.routing))));
    mQps->setValue(s.qps);
    mSeed->setValue(int(s.seed));
    mFidelity->setCurrentIndex(std::max(0, mFidelity->findData(int(s.fidelity))));
    mMemoryLimit->setText(sizeText(s.maxMemoryBytes));
    setFaults(s.faults);
    revalidate();
}

void SimulationDock::setFaults(const std::vector<Fault> &faults)
{
    if (faults == mFaults)
        return;
    mFaults = faults;
    mFaultList->clear();
    for (const Fault &f : mFaults)
        mFaultList->addItem(toQString(toString(f)));
    syncFaultButtons();
    revalidate();
    Q_EMIT faultsChanged();
}

void SimulationDock::restoreSelected()
{
    if (const std::vector<Fault> chosen = selectedFaults(); !chosen.empty())
        Q_EMIT restoreFaultsRequested(chosen);
}

bool SimulationDock::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::KeyPress) {
        const QList<QAbstractButton *> buttons = mToggle->buttons();
        const auto at = buttons.indexOf(qobject_cast<QAbstractButton *>(watched));
        const int key = static_cast<QKeyEvent *>(event)->key();
        const int step = key == Qt::Key_Left || key == Qt::Key_Up ? -1
            : key == Qt::Key_Right || key == Qt::Key_Down         ? 1
                                                                  : 0;
        if (at >= 0 && step != 0) {
            for (qsizetype i = at + step; i >= 0 && i < buttons.size(); i += step)
                if (buttons[i]->isEnabled()) {
                    buttons[i]->setFocus(step < 0 ? Qt::BacktabFocusReason : Qt::TabFocusReason);
                    break;
                }
            return true;
        }
    }
    if (watched == mFaultList
        && (event->type() == QEvent::ShortcutOverride || event->type() == QEvent::KeyPress)) {
        auto *key = static_cast<QKeyEvent *>(event);
        if (key->matches(QKeySequence::Delete) || key->key() == Qt::Key_Backspace) {
            // Taking the override keeps the window's Delete action from firing.
            event->accept();
            if (event->type() == QEvent::KeyPress)
                restoreSelected();
            return true;
        }
    }
    return QDockWidget::eventFilter(watched, event);
}

std::vector<Fault> SimulationDock::selectedFaults() const
{
    std::vector<Fault> out;
    for (int row = 0; row < mFaultList->count(); ++row)
        if (mFaultList->item(row)->isSelected())
            out.push_back(mFaults.at(std::size_t(row)));
    return out;
}

void SimulationDock::syncFaultButtons()
{
    const bool any = !mFaults.empty();
    mFaultList->setVisible(any);
    mFaultHint->setVisible(!any);
    mRestoreFault->setEnabled(!mFaultList->selectedItems().isEmpty());
    mRestoreAllFaults->setEnabled(any);
}

QString SimulationDock::scenarioName() const
{
    return mName->text().trimmed();
}

void SimulationDock::setScenarioName(const QString &name)
{
    mName->setText(name);
}

void SimulationDock::setSavedScenarios(const QStringList &names, int current)
{
    const QSignalBlocker block(mSaved);
    mSaved->clear();
    mSaved->addItems(names);
    if (!names.isEmpty())
        mSaved->setCurrentIndex(current >= 0 && current < names.size() ? current : 0);
    syncSavedButtons();
}

int SimulationDock::currentSaved() const
{
    return mSaved->currentIndex();
}

void SimulationDock::syncSavedButtons()
{
    const bool any = mSaved->count() > 0;
    mSaved->setEnabled(any);
    mRunSaved->setEnabled(any && !mRunning);
    mRenameSaved->setEnabled(any);
    mDeleteSaved->setEnabled(any);
}

int SimulationDock::heightThroughRouting() const
{
    const QList<QAbstractButton *> routing = mToggle->buttons();
    return routing.isEmpty() ? sizeHint().height() : heightThrough(routing.constLast());
}

int SimulationDock::heightThroughRoutingField() const
{
    return heightThrough(mRouting);
}

int SimulationDock::heightThrough(const QWidget *last) const
{
    const QWidget *form = mFormScroll->widget();
    const int formThrough
        = last->mapTo(form, QPoint(0, last->height())).y() + form->layout()->spacing();
    // The form's viewport grows by what it lacks; the footer below it stays the same.
    return height() - mFormScroll->viewport()->height() + formThrough;
}

QString SimulationDock::problem() const
{
    if (!units::parseBytes(mSize->text().toStdString()))
        return tr("'%1' is not a size; write it like 1GiB, 64MB or 4096.").arg(mSize->text());
    if (const auto limit = units::parseBytes(mMemoryLimit->text().toStdString());
        !limit || !(*limit > 0))
        return tr("Memory limit: '%1' is not a size above 0; write it like 8GiB or 512MiB.")
            .arg(mMemoryLimit->text());
    if (!mFabric)
        return tr("Open a fabric first.");
    if (const QString why = scenarioProblem(*mFabric, scenario()); !why.isEmpty())
        return why;
    // A fault may name an element an edit of the fabric took away.
    try {
        (void)resolveFaults(*mFabric, mFaults);
    } catch (const UserError &e) {
        return tr("%1. Restore that fault to run.").arg(QString::fromUtf8(e.what()));
    }
    return {};
}

void SimulationDock::revalidate()
{
    const QString why = problem();
    mProblem->setText(why);
    mProblem->setVisible(!why.isEmpty());
    mRun->setEnabled(why.isEmpty() && !mRunning);
    for (QAbstractButton *b : mToggle->buttons())
        b->setEnabled(!mRunning);
    syncSavedButtons();
    Q_EMIT scenarioEdited();
}

void SimulationDock::syncToggle()
{
    // Unchecks all when the routing (dor) has no toggle button.
    const QString current = mRouting->currentData().toString();
    for (QAbstractButton *b : mToggle->buttons())
        b->setChecked(b->objectName() == current);
}

void SimulationDock::setRunning(bool running)
{
    mRunning = running;
    mCancel->setEnabled(running);
    // Until the engine reports, the run is routing and building its flows (seconds for
    // millions of them): a busy bar says it is working, where a bar at 0 looked stuck.
    if (running) {
        mProgress->setRange(0, 0);
        mProgress->setToolTip(tr("Routing and building the flows"));
    } else if (mProgress->maximum() == 0) {
        resetProgress();
    }
    revalidate();
    Q_EMIT runningChanged(running);
}

void SimulationDock::setStopping()
{
    if (mRunning)
        mCancel->setEnabled(false);
}

void SimulationDock::setProgress(double fraction)
{
    if (mProgress->maximum() == 0)
        resetProgress();
    mProgress->setValue(int(std::clamp(fraction, 0.0, 1.0) * kProgressSteps));
}

void SimulationDock::setStatus(const QString &message, bool isError)
{
    mStatus->setText(message);
    mStatus->setStyleSheet(isError ? QStringLiteral("color: #b00020") : QString());
}

void SimulationDock::forgetRun(const QString &why)
{
    resetProgress();
    setStatus(why);
}

void SimulationDock::resetProgress()
{
    mProgress->setRange(0, kProgressSteps);
    mProgress->setValue(0);
    mProgress->setToolTip(tr("How far the run is: the bytes moved, or the flows finished if that "
                             "is more"));
}

QPushButton *SimulationDock::policyButton(const QString &policy) const
{
    for (QAbstractButton *b : mToggle->buttons())
        if (b->objectName() == policy)
            return static_cast<QPushButton *>(b);
    return nullptr;
}

void SimulationDock::setRankNames(const QStringList &gpuNames)
{
    if (!gpuNames.isEmpty())
        mRanks->setText(gpuNames.join(QLatin1Char(',')));
}

} // namespace fabric::app
