// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "playbackbar.h"

#include "common/keyboardfocus.h"
#include "common/qtstrings.h"
#include "model/units.h"
#include "playbackclock.h"
#include "timelineslider.h"

#include <QAction>
#include <QComboBox>
#include <QFrame>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QStyle>
#include <QToolButton>

#include <cmath>

namespace fabric::views {

namespace {
QString speedLabel(double s)
{
    return QStringLiteral("%1\u00d7").arg(s, 0, 'g', 3);
}
} // namespace

const QList<double> &PlaybackBar::speeds()
{
    static const QList<double> list = {0.1, 0.25, 0.5, 1, 2, 5, 10, 25, 50, 100};
    return list;
}

PlaybackBar::PlaybackBar(QWidget *parent)
    : QWidget(parent)
    , mPlay(new QToolButton(this))
    , mBack(new QToolButton(this))
    , mForward(new QToolButton(this))
    , mSpeed(new QComboBox(this))
    , mSlider(new TimelineSlider(this))
    , mTime(new QLabel(this))
    , mNote(new QLabel(this))
    , mNoteRule(new QFrame(this))
{
    setFocusPolicy(Qt::StrongFocus);
    // Its frame runs in the layout's margins (2 pixels above and below), clear of the buttons.
    new FocusFrameOverlay(this);
    // The bar takes the keys itself, so Space never clicks a focused child instead. The speed is
    // a Tab stop of its own: no key of the bar changes it.
    for (QWidget *w : {static_cast<QWidget *>(mPlay), static_cast<QWidget *>(mBack),
                       static_cast<QWidget *>(mForward)})
        w->setFocusPolicy(Qt::NoFocus);
    mSpeed->setFocusPolicy(Qt::StrongFocus);
    // Names a screen reader says: the buttons show icons only.
    setAccessibleName(tr("Playback"));
    mBack->setAccessibleName(tr("Previous event"));
    mForward->setAccessibleName(tr("Next event"));
    mSpeed->setAccessibleName(tr("Playback speed"));
    mSlider->setAccessibleName(tr("Simulated time"));

    mBack->setIcon(style()->standardIcon(QStyle::SP_MediaSkipBackward));
    mBack->setToolTip(tr("Previous event (Left)"));
    mForward->setIcon(style()->standardIcon(QStyle::SP_MediaSkipForward));
    mForward->setToolTip(tr("Next event (Right)"));
    syncPlaying(false);

    for (const double s : speeds())
        mSpeed->addItem(speedLabel(s), s);
    mSpeed->setCurrentIndex(static_cast<int>(speeds().indexOf(1.0)));
    mSpeed->setToolTip(tr("Playback speed; at 1\u00d7 the whole run lasts about 10 s"));

    mTime->setMinimumWidth(fontMetrics().horizontalAdvance(QStringLiteral("888.88 ms / 888.88 ms")));
    mTime->setAlignment(Qt::AlignRight | Qt::AlignVCenter);

    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(4, 2, 4, 2);
    layout->addWidget(mBack);
    layout->addWidget(mPlay);
    layout->addWidget(mForward);
    layout->addWidget(mSpeed);
    layout->addWidget(mSlider, 1);
    layout->addWidget(mTime);
    // A rule between the clock and the note, so "129 ms" never reads as part of "loads: ...".
    mNoteRule->setFrameShape(QFrame::VLine);
    mNoteRule->setFrameShadow(QFrame::Sunken);
    mNoteRule->setObjectName(QStringLiteral("playbackNoteRule"));
    mNoteRule->setVisible(false);
    layout->addWidget(mNoteRule);
    layout->addWidget(mNote);
    // The note adds nothing to the bar's least width (a minimum of its own overrides its
    // text's): fitNote() shows it where it fits, else puts it in the clock's tooltip.
    mNote->setMinimumWidth(1);

    connect(mPlay, &QToolButton::clicked, this, [this] {
        if (mClock)
            mClock->togglePlay();
    });
    connect(mBack, &QToolButton::clicked, this, [this] {
        if (mClock)
            mClock->stepBackward();
    });
    connect(mForward, &QToolButton::clicked, this, [this] {
        if (mClock)
            mClock->stepForward();
    });
    connect(mSpeed, &QComboBox::activated, this, [this](int index) {
        if (mClock)
            mClock->setSpeed(mSpeed->itemData(index).toDouble());
    });
    connect(mSlider, &TimelineSlider::seekRequested, this, [this](double t) {
        if (mClock)
            mClock->seek(t);
    });
    setEnabled(false);
}

void PlaybackBar::setClock(PlaybackClock *clock)
{
    for (const auto &c : std::as_const(mConnections))
        disconnect(c);
    mConnections.clear();
    mClock = clock;
    setEnabled(mClock != nullptr);
    if (!mClock)
        return;
    mConnections << connect(mClock, &PlaybackClock::runChanged, this, &PlaybackBar::syncRun)
                 << connect(mClock, &PlaybackClock::timeChanged, this, &PlaybackBar::syncTime)
                 << connect(mClock, &PlaybackClock::playingChanged, this,
                            &PlaybackBar::syncPlaying)
                 << connect(mClock, &PlaybackClock::speedChanged, this, &PlaybackBar::syncSpeed)
                 << connect(mClock, &QObject::destroyed, this, [this] { setClock(nullptr); });
    syncRun();
    syncPlaying(mClock->isPlaying());
    syncSpeed(mClock->speed());
}

QString PlaybackBar::timeText() const
{
    return mTime->text();
}

void PlaybackBar::addToggle(QAction *action)
{
    auto *button = new QToolButton(this);
    button->setDefaultAction(action);
    button->setFocusPolicy(Qt::NoFocus); // Space stays with the bar
    button->setToolButtonStyle(Qt::ToolButtonTextOnly);
    layout()->addWidget(button);
}

void PlaybackBar::setNote(const QString &note)
{
    mNote->setText(note);
    fitNote();
}

void PlaybackBar::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    fitNote();
}

void PlaybackBar::fitNote()
{
    const QString note = mNote->text();
    // Room the other widgets leave at their preferred widths (the slider at its least), less
    // the rule and the spacing.
    const QMargins margins = layout()->contentsMargins();
    int others = margins.left() + margins.right() + mNoteRule->sizeHint().width();
    for (int i = 0; i < layout()->count(); ++i) {
        QWidget *w = layout()->itemAt(i)->widget();
        if (w == mNote || w == mNoteRule || !w || w->isHidden())
            continue;
        others
            += (w == mSlider ? w->minimumSizeHint() : w->sizeHint()).width() + layout()->spacing();
    }
    others += 2 * layout()->spacing();
    const bool fits = !note.isEmpty() && width() - others >= mNote->sizeHint().width();
    mNote->setVisible(fits);
    mNoteRule->setVisible(fits);
    mTime->setToolTip(fits || note.isEmpty() ? QString() : note);
}

QString PlaybackBar::note() const
{
    return mNote->text();
}

void PlaybackBar::keyPressEvent(QKeyEvent *event)
{
    if (!mClock) {
        QWidget::keyPressEvent(event);
        return;
    }
    switch (event->key()) {
    case Qt::Key_Space:
        mClock->togglePlay();
        break;
    case Qt::Key_Left:
        mClock->stepBackward();
        break;
    case Qt::Key_Right:
        mClock->stepForward();
        break;
    case Qt::Key_Home:
        mClock->pause();
        mClock->seek(0);
        break;
    case Qt::Key_End:
        mClock->pause();
        mClock->seek(mClock->endS());
        break;
    default:
        QWidget::keyPressEvent(event);
        return;
    }
    event->accept();
}

void PlaybackBar::syncRun()
{
    mSlider->setRun(mClock->endS(), mClock->events());
    syncTime(mClock->timeS());
}

void PlaybackBar::syncTime(double timeS)
{
    mSlider->setTime(timeS);
    mTime->setText(QStringLiteral("%1 / %2").arg(toQString(units::formatSeconds(timeS)),
                                                 toQString(units::formatSeconds(mClock->endS()))));
}

void PlaybackBar::syncPlaying(bool playing)
{
    mPlay->setIcon(style()->standardIcon(playing ? QStyle::SP_MediaPause : QStyle::SP_MediaPlay));
    mPlay->setToolTip(playing ? tr("Pause (Space)") : tr("Play (Space)"));
    mPlay->setAccessibleName(playing ? tr("Pause") : tr("Play"));
}

void PlaybackBar::syncSpeed(double speed)
{
    int best = 0;
    for (int i = 1; i < mSpeed->count(); ++i)
        if (std::abs(std::log(mSpeed->itemData(i).toDouble() / speed))
            < std::abs(std::log(mSpeed->itemData(best).toDouble() / speed)))
            best = i;
    mSpeed->setCurrentIndex(best);
}

} // namespace fabric::views
