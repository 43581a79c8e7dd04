package dev.durable.processor.model;

import com.palantir.javapoet.ClassName;

/** PLACEHOLDER: replaced by the model author. */
public record WorkflowModel(
    String workflowName, String version, ClassName durableClass, boolean discoverable) {}
