package dev.durable.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.WorkflowShape;
import dev.durable.tests.workflows.ApprovalV1Durable;
import dev.durable.tests.workflows.ApprovalV2Durable;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Each registered version's shape, from the processor's {@code WORKFLOW} constant, is stored when
 * an engine is built, and read back by an engine that registers nothing (as {@code durable-cli
 * dashboard} does).
 */
class WorkflowShapesTest extends OnEachStore {

  @Test
  void shapesOfEveryRegisteredVersionAreReadByAnEngineWithoutTheirClasses() {
    db.engine().discover(false).register(new ApprovalV1Durable())
        .register(new ApprovalV2Durable()).build().close();

    try (DurableEngine reader = db.engine().discover(false).build()) {
      List<WorkflowShape> shapes = reader.workflowShapes("approval");
      assertEquals(List.of("1", "2"), shapes.stream().map(WorkflowShape::version).toList());
      assertEquals(ApprovalV1Durable.WORKFLOW.shape().orElseThrow(), shapes.get(0).json());
      assertEquals(ApprovalV2Durable.WORKFLOW.shape().orElseThrow(), shapes.get(1).json());
      assertTrue(shapes.get(1).json().contains("{\"kind\": \"signal\", \"name\": \"level\"}"),
          shapes.get(1).json());
      assertEquals(Optional.of(shapes.get(0)), reader.workflowShape("approval", "1"));
      assertEquals(Optional.empty(), reader.workflowShape("approval", "3"));
      assertEquals(List.of(), reader.workflowShapes("no-such-workflow"));
    }
  }

  @Test
  void aSecondEngineWithTheSameVersionReplacesItsShapeInPlace() {
    db.engine().discover(false).register(new ApprovalV1Durable()).build().close();
    db.engine().discover(false).register(new ApprovalV1Durable()).build().close();

    assertEquals(1L, db.queryLong(
        "SELECT COUNT(*) FROM durable_workflow_shapes WHERE workflow_name = 'approval'"));
    try (DurableEngine reader = db.engine().discover(false).build()) {
      assertEquals(ApprovalV1Durable.WORKFLOW.shape().orElseThrow(),
          reader.workflowShape("approval", "1").orElseThrow().json());
    }
  }
}
