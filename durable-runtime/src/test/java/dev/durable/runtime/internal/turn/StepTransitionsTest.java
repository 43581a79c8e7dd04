package dev.durable.runtime.internal.turn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.durable.runtime.StepState;
import dev.durable.runtime.internal.model.CheckpointRecord;
import dev.durable.runtime.internal.model.EventType;
import dev.durable.runtime.internal.turn.StepTransitions.Event;
import dev.durable.runtime.internal.turn.StepTransitions.Hook;
import dev.durable.runtime.internal.turn.StepTransitions.State;
import dev.durable.runtime.internal.turn.StepTransitions.Transition;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The whole step state machine: every legal move (the table drawn in docs/state-machine.md), and
 * every other pair of state and event refused.
 */
class StepTransitionsTest {
  private static final String TABLE = """
      NEW      | FIRST_ATTEMPT             | NEW       | false | -                          | STEP_START
      NEW      | BRANCH_STARTED            | PENDING   | true  | STEP_STARTED               | STEP_START
      NEW      | ATTEMPT_QUEUED            | PENDING   | true  | STEP_STARTED               | STEP_START
      PENDING  | ATTEMPT_QUEUED            | PENDING   | true  | STEP_STARTED               | NONE
      RETRYING | ATTEMPT_QUEUED            | PENDING   | true  | STEP_STARTED               | NONE
      NEW      | INPUT_UNSTORABLE          | FAILED    | true  | STEP_STARTED STEP_FAILED   | STEP_START
      NEW      | WAITING_FOR_SLOT          | NEW       | false | STEP_QUEUED                | NONE
      PENDING  | WAITING_FOR_SLOT          | PENDING   | false | STEP_QUEUED                | NONE
      RETRYING | WAITING_FOR_SLOT          | RETRYING  | false | STEP_QUEUED                | NONE
      NEW      | ATTEMPT_SUCCEEDED         | COMPLETED | true  | STEP_STARTED STEP_COMPLETED | STEP_COMPLETE
      PENDING  | ATTEMPT_SUCCEEDED         | COMPLETED | true  | STEP_COMPLETED             | STEP_COMPLETE
      RETRYING | ATTEMPT_SUCCEEDED         | COMPLETED | true  | STEP_COMPLETED             | STEP_COMPLETE
      NEW      | ATTEMPT_FAILED_WILL_RETRY | RETRYING  | true  | STEP_STARTED STEP_RETRYING | STEP_RETRY
      PENDING  | ATTEMPT_FAILED_WILL_RETRY | RETRYING  | true  | STEP_RETRYING              | STEP_RETRY
      RETRYING | ATTEMPT_FAILED_WILL_RETRY | RETRYING  | true  | STEP_RETRYING              | STEP_RETRY
      NEW      | ATTEMPT_FAILED            | FAILED    | true  | STEP_STARTED STEP_FAILED   | NONE
      PENDING  | ATTEMPT_FAILED            | FAILED    | true  | STEP_FAILED                | NONE
      RETRYING | ATTEMPT_FAILED            | FAILED    | true  | STEP_FAILED                | NONE
      NEW      | ATTEMPT_INTERRUPTED       | PENDING   | true  | STEP_STARTED STEP_INTERRUPTED | STEP_START
      PENDING  | ATTEMPT_INTERRUPTED       | PENDING   | true  | STEP_INTERRUPTED           | NONE
      RETRYING | ATTEMPT_INTERRUPTED       | PENDING   | true  | STEP_INTERRUPTED           | NONE
      PENDING  | TIMED_OUT_WILL_RETRY      | PENDING   | false | STEP_TIMED_OUT             | STEP_RETRY
      PENDING  | TIMED_OUT                 | FAILED    | true  | STEP_TIMED_OUT STEP_FAILED | NONE
      PENDING  | LOST_REDELIVERED          | PENDING   | false | STEP_LOST                  | NONE
      PENDING  | LOST                      | FAILED    | true  | STEP_LOST STEP_FAILED      | NONE
      NEW      | VALUE_RECORDED            | COMPLETED | true  | -                          | NONE
      NEW      | WAIT_STARTED              | PENDING   | true  | SIGNAL_WAITING             | NONE
      NEW      | SIGNAL_RECEIVED           | COMPLETED | true  | SIGNAL_RECEIVED            | NONE
      PENDING  | SIGNAL_RECEIVED           | COMPLETED | true  | SIGNAL_RECEIVED            | NONE
      NEW      | WAIT_TIMED_OUT            | COMPLETED | true  | SIGNAL_TIMED_OUT           | NONE
      PENDING  | WAIT_TIMED_OUT            | COMPLETED | true  | SIGNAL_TIMED_OUT           | NONE
      """;

  @ParameterizedTest(name = "{0} + {1} -> {2}")
  @CsvSource(delimiter = '|', textBlock = TABLE)
  void eachLegalMoveWritesLogsAndCallsWhatTheTableSays(
      State from, Event event, State to, boolean writes, String events, Hook hook) {
    Transition transition = StepTransitions.next(from, event);
    assertEquals(from, transition.from());
    assertEquals(to, transition.to());
    assertEquals(writes, transition.writes());
    assertEquals(eventTypes(events), transition.events());
    assertEquals(hook, transition.hook());
    assertEquals(writes && from == State.NEW, transition.inserts(),
        "a step's first checkpoint is inserted, later ones update it");
  }

  @Test
  void everyOtherMoveIsABug() {
    Set<String> legal = new HashSet<>();
    for (String row : TABLE.strip().split("\n")) {
      String[] cells = row.split("\\|");
      legal.add(cells[0].strip() + " " + cells[1].strip());
    }
    int refused = 0;
    for (State from : State.values()) {
      for (Event event : Event.values()) {
        if (legal.contains(from + " " + event)) {
          continue;
        }
        IllegalStateException e = assertThrows(IllegalStateException.class,
            () -> StepTransitions.next(from, event), from + " + " + event);
        assertTrue(e.getMessage().startsWith("a step that is " + from + " cannot take " + event),
            e.getMessage());
        refused++;
      }
    }
    assertEquals(State.values().length * Event.values().length - legal.size(), refused);
  }

  @Test
  void anEndedStepTakesNoEventAtAll() {
    for (Event event : Event.values()) {
      assertThrows(IllegalStateException.class,
          () -> StepTransitions.next(State.COMPLETED, event));
      assertThrows(IllegalStateException.class, () -> StepTransitions.next(State.FAILED, event));
    }
  }

  @Test
  void aCheckpointsStatusMapsToAStateAndBack() {
    assertEquals(State.NEW, State.of((CheckpointRecord) null));
    assertEquals(State.PENDING, State.of(StepState.PENDING));
    assertEquals(State.PENDING, State.of(StepState.RUNNING),
        "a step whose attempt was being made when its turn ended is pending");
    assertEquals(State.RETRYING, State.of(StepState.RETRYING));
    assertEquals(State.COMPLETED, State.of(StepState.COMPLETED));
    assertEquals(State.FAILED, State.of(StepState.FAILED));
    for (State state : List.of(State.PENDING, State.RETRYING, State.COMPLETED, State.FAILED)) {
      assertEquals(state, State.of(state.status()));
    }
    assertThrows(IllegalStateException.class, State.NEW::status);
  }

  private static List<EventType> eventTypes(String cell) {
    return cell.equals("-")
        ? List.of()
        : Arrays.stream(cell.trim().split("\\s+")).map(EventType::valueOf).toList();
  }
}
