package dev.durable.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.durable.annotations.Backoff;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What the workflow-side helpers do outside of a run, as in a unit test of a workflow: fans and
 * groups run their branches one after the other, a retry override just makes the call, and a
 * worker's task context is not there.
 */
class OutsideARunTest {

  @Test
  void aFanRunsItsBranchesInOrderAndReturnsTheirResults() {
    List<String> calls = new ArrayList<>();
    List<Integer> lengths = Parallel.fan(List.of("a", "bb", "ccc"), word -> {
      calls.add(word);
      return word.length();
    });

    assertEquals(List.of(1, 2, 3), lengths);
    assertEquals(List.of("a", "bb", "ccc"), calls);
  }

  @Test
  void aGroupsBranchesHoldTheirResultsOnceItHasRun() {
    Parallel.Group group = Parallel.group();
    Parallel.Branch<String> first = group.add(() -> "one");
    Parallel.Branch<Integer> second = group.add(() -> 2);

    IllegalStateException early = assertThrows(IllegalStateException.class, first::get);
    assertEquals("the group has not run yet: call run() first", early.getMessage());
    group.run();
    assertEquals("one", first.get());
    assertEquals(2, second.get());
    assertThrows(IllegalStateException.class, group::run, "a group runs once");
    assertThrows(IllegalStateException.class, () -> group.add(() -> 3));
  }

  @Test
  void aRetryOverrideJustMakesTheCall() {
    assertEquals("done",
        Retry.with(RetryPolicy.of(3, Backoff.FIXED, 0, 0, false), () -> "done"));
  }

  @Test
  void aTaskContextIsOnlyThereOnAWorkersThread() {
    IllegalStateException refused = assertThrows(IllegalStateException.class, TaskContext::current);
    assertEquals("TaskContext.current() is only available on a worker's thread while it serves a"
        + " dispatched step", refused.getMessage());
  }
}
