package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"sort"
	"strings"

	"rehome/app"
)

// createAdmin is 'rehome admin create': the way the first admin comes to
// exist. The password comes on standard input so it stays out of the shell
// history and the process list.
func createAdmin(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("rehome admin create", stderr)
	name := fs.String("name", "", "the admin's name")
	email := fs.String("email", "", "the admin's email, used to log in")
	data := dataFlag(fs)
	if err := fs.Parse(args); err != nil {
		return 2
	}
	password, err := bufio.NewReader(stdin).ReadString('\n')
	if err != nil && err != io.EOF {
		fmt.Fprintf(stderr, "rehome: reading the password: %v\n", err)
		return 1
	}
	password = strings.TrimRight(password, "\r\n")

	db, images, err := openData(ctx, *data)
	if err != nil {
		fmt.Fprintf(stderr, "rehome: %v\n", err)
		return 1
	}
	defer db.Close()
	user, err := newService(db, images).CreateAdmin(ctx, app.NewUser{Name: *name, Email: *email, Password: password})
	if err != nil {
		fmt.Fprintf(stderr, "rehome: %s\n", oneLine(err))
		return 1
	}
	fmt.Fprintf(stdout, "Created admin %s (id %d)\n", user.Email, user.ID)
	return 0
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
