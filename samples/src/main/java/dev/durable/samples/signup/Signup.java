package dev.durable.samples.signup;

import jakarta.validation.constraints.Email;
import jakarta.validation.constraints.NotBlank;

/**
 * A submitted sign-up form; its constraints are checked when a run starts.
 *
 * @param email where the account's mail goes
 * @param name how to greet the new user
 */
public record Signup(@NotBlank @Email String email, @NotBlank String name) {}
