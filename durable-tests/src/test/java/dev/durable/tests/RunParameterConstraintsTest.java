package dev.durable.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.InvalidInputException;
import dev.durable.runtime.RunFailedException;
import dev.durable.runtime.RunFilter;
import dev.durable.runtime.RunHandle;
import dev.durable.runtime.RunState;
import dev.durable.runtime.RunStatus;
import dev.durable.runtime.UnknownRunException;
import dev.durable.tests.workflows.GuardedWorkflow.Then;
import dev.durable.tests.workflows.GuardedWorkflowClient;
import dev.durable.tests.workflows.GuardedWorkflowDurable;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Jakarta constraints written on a {@code @Run} method's parameters themselves ({@code @NotNull
 * String customer}, {@code @Size(max = 2) List<@NotBlank String> tags}) are checked as those of a
 * stored type are: a start, a child's start and {@code continueAsNew} with input that breaks them
 * are refused with {@link InvalidInputException} naming the parameter, and nothing of it is stored.
 */
class RunParameterConstraintsTest extends OnEachStore {
  private DurableEngine engine() {
    return db.engine().clock(clock).register(new GuardedWorkflowDurable()).build();
  }

  @Test
  void aStartWithANullOrInvalidParameterIsRefusedNamingItAndNothingIsStored() {
    try (DurableEngine engine = engine()) {
      GuardedWorkflowClient client = GuardedWorkflowClient.of(engine);

      InvalidInputException nullCustomer = assertThrows(InvalidInputException.class,
          () -> client.start("g-null", null, List.of(), Then.END, null));
      assertEquals(List.of("customer: must not be null (was null)"), nullCustomer.violations());
      assertTrue(nullCustomer.getMessage().startsWith("cannot start a run of workflow 'guarded'"
          + " version '1': its input is invalid: customer: must not be null (was null)."),
          nullCustomer.getMessage());
      assertTrue(nullCustomer.getMessage().endsWith("Nothing was stored."),
          nullCustomer.getMessage());

      InvalidInputException badTags = assertThrows(InvalidInputException.class,
          () -> client.start("g-tags", "ada", Arrays.asList("vip", " ", "eu"), Then.END, null));
      assertEquals(List.of("tags: size must be between 0 and 2 (was [vip,  , eu])",
          "tags[1].<list element>: must not be blank (was  )"), badTags.violations());

      assertThrows(UnknownRunException.class, () -> engine.getRunStatus("g-null"));
      assertThrows(UnknownRunException.class, () -> engine.getRunStatus("g-tags"));
      assertEquals(List.of(), engine.listRuns(RunFilter.all()));

      engine.start();
      RunHandle<String> served = client.start("g-ok", "ada", List.of("vip"), Then.END, null);
      assertEquals("served ada [vip]", served.await(WAIT));
    }
  }

  @Test
  void aChildStartedWithANullParameterIsRefusedInTheParentAndNotStored() {
    try (DurableEngine engine = engine()) {
      engine.start();
      RunHandle<String> parent =
          GuardedWorkflowClient.of(engine).start("g-parent", "ada", List.of(), Then.CHILD, null);

      RunFailedException failed = assertThrows(RunFailedException.class, () -> parent.await(WAIT));
      assertTrue(failed.getMessage().contains("its input is invalid: customer: must not be null"
          + " (was null)"), failed.getMessage());
      assertEquals(List.of("g-parent"),
          engine.listRuns(RunFilter.all()).stream().map(run -> run.id()).toList(),
          "no child run is stored");
    }
  }

  @Test
  void continueAsNewWithANullParameterIsRefusedAndTheGenerationStays() {
    try (DurableEngine engine = engine()) {
      engine.start();
      GuardedWorkflowClient client = GuardedWorkflowClient.of(engine);
      RunHandle<String> refused = client.start("g-gen", "ada", List.of(), Then.CONTINUE, null);

      RunFailedException failed =
          assertThrows(RunFailedException.class, () -> refused.await(WAIT));
      assertTrue(failed.getMessage().contains("its input is invalid: customer: must not be null"
          + " (was null)"), failed.getMessage());
      RunStatus status = engine.getRunStatus("g-gen");
      assertEquals(RunState.FAILED, status.run().status());
      assertEquals(1, status.generation(), "no next generation was stored");

      RunHandle<String> continued =
          client.start("g-next", "ada", List.of("vip"), Then.CONTINUE, "bob");
      assertEquals("served bob [vip]", continued.await(WAIT));
      assertEquals(2, engine.getRunStatus("g-next").generation());
    }
  }
}
