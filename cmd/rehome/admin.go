package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"

	"rehome/internal/wiring"

	"rehome/app"
)

// createAdmin is 'rehome admin create': the way the first admin comes to
// exist. The password comes on standard input so it stays out of the shell
// history and the process list.
func createAdmin(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("rehome admin create", stderr)
	name := fs.String("name", "", "the admin's name")
	email := fs.String("email", "", "the admin's email, used to log in")
	location := locationFlags(fs)
	if err := fs.Parse(args); err != nil {
		return 2
	}
	loc, err := location()
	if err != nil {
		fmt.Fprintf(stderr, "rehome: %v\n", err)
		return 2
	}
	return withPassword(stdin, stderr, func(password string) error {
		m, err := wiring.Open(ctx, loc, wiring.Settings{Hasher: hasher()})
		if err != nil {
			return err
		}
		defer m.Close()
		user, err := m.Services.SigningIn.CreateAdmin(ctx, app.NewUser{Name: *name, Email: *email, Password: password})
		if err != nil {
			return errors.New(oneLine(err))
		}
		fmt.Fprintf(stdout, "Created admin %s (id %d)\n", user.Email, user.ID)
		return nil
	})
}

// oneLine explains an error in one line, naming each field that failed.
func oneLine(err error) string {
	fields := app.ErrorFields(err)
	if len(fields) == 0 {
		return app.ErrorMessage(err)
	}
	names := make([]string, 0, len(fields))
	for name := range fields {
		names = append(names, name)
	}
	sort.Strings(names)
	parts := make([]string, len(names))
	for i, name := range names {
		parts[i] = name + ": " + fields[name]
	}
	return strings.Join(parts, "; ")
}

// withPassword runs a command that reads a password from the first line of
// stdin, so it stays out of the shell history and the process list, and is
// what the command exits with: 1, saying why in one line, when it failed.
func withPassword(stdin io.Reader, stderr io.Writer, run func(password string) error) int {
	password, err := bufio.NewReader(stdin).ReadString('\n')
	if err == nil || err == io.EOF {
		err = run(strings.TrimRight(password, "\r\n"))
	} else {
		err = fmt.Errorf("reading the password: %w", err)
	}
	if err != nil {
		fmt.Fprintf(stderr, "rehome: %v\n", err)
		return 1
	}
	return 0
}
