package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"io"
	"mime/multipart"
	"net/http"
	"net/url"
	"time"
)

// api is a plain client for setting up a run: signing up, listing.
type api struct {
	base string
	http *http.Client
}

func newAPI(base string) *api {
	return &api{base: base, http: &http.Client{Timeout: time.Minute}}
}

// do sends a request and decodes a JSON answer into out (when not nil),
// failing on any status other than want.
func (a *api) do(req *http.Request, want int, out any) (*http.Response, error) {
	res, err := a.http.Do(req)
	if err != nil {
		return nil, err
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err != nil {
		return nil, err
	}
	if res.StatusCode != want {
		return nil, fmt.Errorf("%s %s: status %d, want %d: %.200s", req.Method, req.URL.Path, res.StatusCode, want, body)
	}
	if out != nil {
		if err := json.Unmarshal(body, out); err != nil {
			return nil, fmt.Errorf("%s %s: %w", req.Method, req.URL.Path, err)
		}
	}
	return res, nil
}

// login signs an account in and returns its session cookie ("name=value").
func (a *api) login(email, password string) (string, error) {
	body, _ := json.Marshal(map[string]string{"email": email, "password": password})
	req, _ := http.NewRequest(http.MethodPost, a.base+"/api/auth/login", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	res, err := a.do(req, http.StatusOK, nil)
	if err != nil {
		return "", err
	}
	return sessionCookie(res, email)
}

// register signs up a buyer and returns its session cookie ("name=value").
func (a *api) register(email, password string) (string, error) {
	var pic bytes.Buffer
	png.Encode(&pic, image.NewGray(image.Rect(0, 0, 16, 16)))
	var body bytes.Buffer
	form := multipart.NewWriter(&body)
	for k, v := range map[string]string{"name": "Bench Buyer", "email": email, "password": password, "role": "Buyer",
		"phone": "+44 7700 900123", "location": "Riverside"} {
		form.WriteField(k, v)
	}
	part, _ := form.CreateFormFile("image", "me.png")
	part.Write(pic.Bytes())
	form.Close()
	req, _ := http.NewRequest(http.MethodPost, a.base+"/api/auth/register", &body)
	req.Header.Set("Content-Type", form.FormDataContentType())
	res, err := a.do(req, http.StatusCreated, nil)
	if err != nil {
		return "", err
	}
	return sessionCookie(res, email)
}

func sessionCookie(res *http.Response, email string) (string, error) {
	for _, c := range res.Cookies() {
		if c.Name == "rehome_session" {
			return c.Name + "=" + c.Value, nil
		}
	}
	return "", fmt.Errorf("%s: no session cookie", email)
}

type list struct {
	Items []struct {
		ID   int64  `json:"id"`
		Name string `json:"name"`
	} `json:"items"`
	Total int `json:"total"`
}

func (a *api) get(path, cookie string, out any) (*http.Response, error) {
	req, _ := http.NewRequest(http.MethodGet, a.base+path, nil)
	if cookie != "" {
		req.Header.Set("Cookie", cookie)
	}
	return a.do(req, http.StatusOK, out)
}

func (a *api) categories() ([]string, error) {
	var l list
	if _, err := a.get("/api/categories", "", &l); err != nil {
		return nil, err
	}
	names := make([]string, len(l.Items))
	for i, c := range l.Items {
		names[i] = c.Name
	}
	return names, nil
}

// availableProducts pages through every category for its available listings.
func (a *api) availableProducts(categories []string, cookie string) ([]int64, error) {
	var ids []int64
	for _, name := range categories {
		for offset := 0; ; {
			var l list
			path := fmt.Sprintf("/api/categories/%s?limit=100&offset=%d", url.PathEscape(name), offset)
			if _, err := a.get(path, cookie, &l); err != nil {
				return nil, err
			}
			for _, p := range l.Items {
				ids = append(ids, p.ID)
			}
			offset += len(l.Items)
			if len(l.Items) == 0 || offset >= l.Total {
				break
			}
		}
	}
	return ids, nil
}

// etag is the ETag the server gives path, or "" when it gives none.
func (a *api) etag(path string) (string, error) {
	res, err := a.get(path, "", nil)
	if err != nil {
		return "", err
	}
	return res.Header.Get("ETag"), nil
}
