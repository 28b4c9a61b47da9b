"""cupcore's Runner: one cup on one board, the loop every real board and the virtual cup run."""
from cuptest_helpers import Clock, Counter, Wire
from cupcore import commit, wire
from cupcore import cup as cupmod
from cupcore.board import BoardBase
from cupcore.compat import sha256
from cupcore.gestures import Button
from cupcore.runner import Runner, id_from_uid

NONCE = b"\x01\x02\x03\x04\x05\x06\x07\x08"
ENTROPY = b"\x5a" * 16


def test_a_cup_id_is_the_first_four_bytes_of_the_sha256_of_the_boards_unique_id():
    uid = b"\x01\x02\x03\x04\x05\x06\x07\x08"
    digest = sha256(uid)
    assert id_from_uid(uid) == (digest[0] << 24) | (digest[1] << 16) | (digest[2] << 8) | digest[3]
    assert id_from_uid(bytearray(uid)) == id_from_uid(uid) == 0x66840DDA


class Stream:
    """A byte stream to the hub: what the test queues comes in; what the cup writes is decoded."""

    def __init__(self):
        self.incoming = bytearray()
        self.out = Wire()

    def poll(self, feed):
        if self.incoming:
            data = bytes(self.incoming)
            self.incoming = bytearray()
            feed(data, len(data))

    def write(self, frame):
        self.out.write(frame)


class Pixels:
    def __init__(self, n):
        self.values = [(0, 0, 0)] * n
        self.writes = 0

    def __setitem__(self, i, colour):
        self.values[i] = colour

    def write(self):
        self.writes += 1


class FlakyBoard(BoardBase):
    """A board whose hooks raise when told to: `fail_in` names the hook, `fails` how many times."""

    name = "flaky"

    def __init__(self, clock):
        super().__init__(clock, Pixels(5), 5, 40)
        self.pins = [lambda: False, lambda: False]
        self.stream = Stream()
        self.streams = [self.stream]
        self.fail_in = None
        self.fails = 0
        self.shown = []
        self.tones = []
        self.caught = []

    def _maybe_fail(self, hook):
        if self.fail_in == hook and self.fails:
            self.fails -= 1
            raise ValueError("the %s hook failed" % hook)

    def tick(self, now):
        self._maybe_fail("tick")
        BoardBase.tick(self, now)

    def show(self, what):
        self._maybe_fail("show")
        self.shown.append(what)
        BoardBase.show(self, what)

    def tone(self, hz):
        self.tones.append(hz)

    def crashed(self, exc):
        self.caught.append(str(exc))


def make():
    clock = Clock()
    board = FlakyBoard(clock)
    runner = Runner(board, 0xC0FFEE, "ana", clock=clock, source=Counter(b"runner"))
    return runner, board, clock


def hub_frame(mtype, values=(), seq=0):
    return wire.encode(mtype, values, seq, 0)


def run_for(runner, clock, ms, step=5):
    for _ in range(ms // step):
        clock.advance(step)
        runner.step(clock())


def dealt(runner, board, clock):
    """Seated in seat 2 and dealt deal 7 of 5 dice; returns the commitment the cup sent."""
    board.stream.incoming += hub_frame(wire.WELCOME, (1, 2, 4), 1) + hub_frame(wire.DEAL, (7, 5, NONCE), 2)
    run_for(runner, clock, 10)
    [(deal, digest)] = board.stream.out.messages(wire.COMMIT)
    assert deal == 7 and runner.cup.state == cupmod.DEALT
    board.stream.incoming += hub_frame(wire.ENTROPY, (7, ENTROPY), 3)
    run_for(runner, clock, 10)
    assert runner.cup.state == cupmod.ROLLED
    return digest


def errors(board):
    return board.stream.out.messages(wire.ERROR)


def test_a_hook_that_raises_once_is_reported_shown_and_the_deal_survives():
    runner, board, clock = make()
    digest = dealt(runner, board, clock)
    board.fail_in, board.fails = "tick", 1
    run_for(runner, clock, 10)  # the step raises: caught, not fatal
    assert errors(board) == [(wire.ERR_CRASH, 0)]
    assert board.caught == ["the tick hook failed"] and runner.crashes == 1
    assert board.shown[-1] == "crash" and runner.cup.showing == "crash"
    run_for(runner, clock, 2000)  # the display gives way, the cup is as it was
    assert board.shown[-1] == "rolled" and runner.cup.state == cupmod.ROLLED
    board.stream.incoming += hub_frame(wire.REVEAL_REQ, (7,), 4)
    run_for(runner, clock, 10)
    [(deal, dice, seed, _)] = board.stream.out.messages(wire.REVEAL)
    assert deal == 7 and commit.verify(digest, NONCE, 2, 5, seed)  # the same seed, the same commitment


def test_a_fault_while_handling_a_message_names_it_and_the_next_frame_is_still_handled():
    runner, board, clock = make()
    dealt(runner, board, clock)
    receive = runner.cup.receive
    state = {"left": 1}

    def receive_failing_once(mtype, values):
        if mtype == wire.TABLE and state["left"]:
            state["left"] -= 1
            raise MemoryError("no room for the table")
        return receive(mtype, values)

    runner.cup.receive = receive_failing_once
    # Two frames in one read: the first one's fault must not cost the second.
    board.stream.incoming += hub_frame(wire.TABLE, (7, 2, wire.NOBODY, 0, 0, 0, 20, 0), 4)
    board.stream.incoming += hub_frame(wire.PING, (42,))
    run_for(runner, clock, 10)
    assert errors(board) == [(wire.ERR_CRASH, wire.TABLE)]
    assert board.stream.out.messages(wire.PONG) == [(42,)]
    assert runner.cup.state == cupmod.ROLLED and runner.cup.mode.dice_count == 5


def test_a_fault_that_repeats_every_step_is_reported_once_a_second_and_the_loop_goes_on():
    runner, board, clock = make()
    dealt(runner, board, clock)
    board.fail_in, board.fails = "tick", 1000
    run_for(runner, clock, 2500)
    assert runner.crashes >= 100
    assert errors(board) == [(wire.ERR_CRASH, 0)] * 3  # at 0 s, 1 s and 2 s
    board.fails = 0
    board.stream.incoming += hub_frame(wire.PING, (7,))
    run_for(runner, clock, 10)
    assert board.stream.out.messages(wire.PONG) == [(7,)]


def test_a_break_in_still_stops_the_cup():
    runner, board, clock = make()

    def break_in(feed):
        raise KeyboardInterrupt

    board.stream.poll = break_in
    stopped = False
    try:
        runner.step(clock())
    except KeyboardInterrupt:
        stopped = True
    assert stopped and runner.crashes == 0


def test_the_next_deadline_is_the_soonest_thing_due():
    runner, board, clock = make()
    runner.step(clock())
    assert runner.next_deadline(clock()) == Button.debounce_ms  # idle: the buttons' next sample
    clock.advance(5)
    assert runner.next_deadline(clock()) == Button.debounce_ms - 5
    board.stream.incoming += hub_frame(wire.WHO)
    clock.advance(15)
    runner.step(clock())  # HELLO sent, awaiting its ack: a retransmission is due in retry_ms
    assert runner.link.due_in(clock()) == runner.link.retry_ms
    assert runner.next_deadline(clock()) == Button.debounce_ms
    clock.advance(runner.link.retry_ms - 3)
    runner.step(clock())  # the buttons sampled again; the retransmission is the sooner
    assert runner.next_deadline(clock()) == 3
    runner.link.reset()
    board.stream.incoming += hub_frame(wire.CUE, (wire.CUE_TURN, 0))
    runner.step(clock())  # a cue blinks every 200 ms and its tone stops after 80 ms
    assert runner.cup.due_in(clock()) == 200 and board.due_in(clock()) == 80
    assert board.tones == [1320]
    clock.advance(80)
    runner.step(clock())
    assert board.tones == [1320, 0] and board.due_in(clock()) == -1


def test_a_wait_is_cut_short_by_the_deadline_and_run_waits_between_steps():
    runner, board, clock = make()
    waits = []

    def wait(ms):
        waits.append(ms)
        clock.advance(ms)
        if len(waits) == 3:
            raise KeyboardInterrupt  # stop run() as the break-in would

    board.wait = wait
    try:
        runner.run()
    except KeyboardInterrupt:
        pass
    assert waits == [Button.debounce_ms] * 3, waits  # idle: the buttons are sampled every debounce_ms


def test_cue_turn_and_cue_call_are_shown_and_sounded():
    runner, board, clock = make()
    dealt(runner, board, clock)
    for cue, hz in ((wire.CUE_TURN, 1320), (wire.CUE_CALL, 660)):
        del board.tones[:]
        board.stream.incoming += hub_frame(wire.CUE, (cue, 0))
        run_for(runner, clock, 10)
        assert board.shown[-1] == "cue" and board.tones == [hz], (cue, board.tones)
        assert board.pixels.values[0] != (0, 0, 0)
        run_for(runner, clock, 2000)
        assert board.shown[-1] == "rolled" and board.tones[-1] == 0


def counting_renders(runner):
    drawn = []
    render = runner.cup.render

    def counted(buf):
        drawn.append(1)
        return render(buf)

    runner.cup.render = counted
    return drawn


def test_the_leds_are_drawn_again_only_when_a_frame_a_gesture_or_the_displays_own_time_may_change_them():
    runner, board, clock = make()
    dealt(runner, board, clock)
    drawn = counting_renders(runner)
    run_for(runner, clock, 2000)  # 400 idle passes: the rolled cup's light holds still
    assert drawn == []
    board.stream.incoming += hub_frame(wire.CUE, (wire.CUE_TURN, 0))
    run_for(runner, clock, 2000)  # the frame, then the cue's blinks (every 200 ms) to its end
    assert 3 <= len(drawn) <= 20, len(drawn)
    assert board.shown[-1] == "rolled"
    del drawn[:]
    held = [False]
    runner.buttons[0] = Button(lambda: held[0])
    held[0] = True  # A held down a second, then let go: a peek
    run_for(runner, clock, 1000)
    held[0] = False
    run_for(runner, clock, 100)
    assert drawn and board.shown[-1] == "peek", (len(drawn), board.shown[-3:])
